"""Misconceptions of ch01: the wrong turns students take in the four steps of attention.

Every variant is written out here (never calling helpers.reference, which the grader forbids)
and differs from the reference, and from every other variant of its exercise, on the hidden
cases of helpers/grading/ch01.py. tests/chapters/test_ch01_handmade_qkv.py checks both.
"""

from __future__ import annotations

import math

import torch

from helpers.chapters import CH01 as CHAPTER
from helpers.misconceptions.changes import (
    argument_replaced,
    item_only,
    items_swapped,
    result_as,
    scaled_twice,
    unscaled,
)
from helpers.misconceptions.entry import Misconception


def _softmax_rows(scores: torch.Tensor) -> torch.Tensor:
    """A right, by-hand softmax over the last dim, for the variants that go wrong elsewhere."""
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)


def _reverse_all_axes(tensor: torch.Tensor) -> torch.Tensor:
    """What `tensor.T` does to a tensor of 3 or more dims (without torch's deprecation warning)."""
    return tensor.permute(*reversed(range(tensor.dim())))


# ---------------------------------------------------------------- dot_scores
def _dot_no_transpose(Q, K):
    return Q @ K


def _dot_swapped(Q, K):
    return K @ Q.transpose(-2, -1)


def _dot_elementwise(Q, K):
    return (Q * K).sum(dim=-1)


def _dot_T_on_batch(Q, K):
    return Q @ (K.T if K.dim() == 2 else _reverse_all_axes(K))


def _dot_query_transposed(Q, K):
    return Q.transpose(-2, -1) @ K


def _dot_viewed_not_transposed(Q, K):
    return Q @ K.reshape(*K.shape[:-2], K.shape[-1], K.shape[-2])


def _dot_only_2d(Q, K):
    return torch.mm(Q, K.t())


def _dot_only_3d(Q, K):
    return torch.bmm(Q, K.transpose(1, 2))


def _dot_transpose_first_axes(Q, K):
    return Q @ K.transpose(0, 1)


def _dot_scaled_here(Q, K):
    return Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])


def _dot_cosine(Q, K):
    lengths = Q.norm(dim=-1, keepdim=True) * K.norm(dim=-1, keepdim=True).transpose(-2, -1)
    return Q @ K.transpose(-2, -1) / lengths


# ---------------------------------------------------------------- scale_scores
def _scale_divide_by_dk(scores, d_k):
    return scores / d_k


def _scale_multiply(scores, d_k):
    return scores * math.sqrt(d_k)


def _scale_sqrt2_fixed(scores, d_k):
    return scores / math.sqrt(2)


def _scale_last_dim(scores, d_k):
    return scores / math.sqrt(scores.shape[-1])


def _scale_power_precedence(scores, d_k):
    return scores / d_k ** 1 / 2  # what `scores / d_k ** 1/2` means to Python


def _scale_root_of_quotient(scores, d_k):
    return (scores / d_k) ** 0.5


def _scale_squared_dk(scores, d_k):
    return scores / d_k ** 2


def _scale_subtract_root(scores, d_k):
    return scores - math.sqrt(d_k)


def _scale_half_dk(scores, d_k):
    return scores / (d_k / 2)  # what `scores / (d_k ** 1/2)` means to Python


# ---------------------------------------------------------------- row_softmax
def _softmax_column_axis(scores):
    exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))
    return exps / exps.sum(dim=-2, keepdim=True)


def _softmax_first_axis(scores):
    exps = torch.exp(scores - scores.amax(dim=0, keepdim=True))
    return exps / exps.sum(dim=0, keepdim=True)


def _softmax_no_max_shift(scores):
    exps = torch.exp(scores)
    return exps / exps.sum(dim=-1, keepdim=True)


def _softmax_global_max(scores):
    exps = torch.exp(scores - scores.max())
    return exps / exps.sum(dim=-1, keepdim=True)


def _softmax_no_keepdim(scores):
    exps = torch.exp(scores - scores.amax(dim=-1))
    return exps / exps.sum(dim=-1)


def _softmax_exp_only(scores):
    return torch.exp(scores - scores.amax(dim=-1, keepdim=True))


def _softmax_scaled_by_n_keys(scores):
    return _softmax_rows(scores / math.sqrt(scores.shape[-1]))


def _softmax_inf_as_zero(scores):
    return _softmax_rows(torch.where(torch.isinf(scores), torch.zeros_like(scores), scores))


def _softmax_no_exp(scores):
    return scores / scores.sum(dim=-1, keepdim=True)


def _softmax_dim_one(scores):
    exps = torch.exp(scores - scores.amax(dim=1, keepdim=True))
    return exps / exps.sum(dim=1, keepdim=True)


def _softmax_column_sums(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-2, keepdim=True)


def _softmax_sum_no_keepdim(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1)


def _softmax_max_no_keepdim(scores):
    exps = torch.exp(scores - scores.amax(dim=-1))
    return exps / exps.sum(dim=-1, keepdim=True)


def _softmax_whole_sum(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum()


def _softmax_whole_tensor(scores):
    exps = torch.exp(scores - scores.max())
    return exps / exps.sum()


# ---------------------------------------------------------------- mix_values
def _mix_swapped_order(weights, V):
    return V @ weights


def _mix_transposed_weights(weights, V):
    return weights.transpose(-2, -1) @ V


def _mix_transposed_v(weights, V):
    return weights @ V.transpose(-2, -1)


def _mix_elementwise(weights, V):
    return weights * V


def _mix_only_2d(weights, V):
    return torch.mm(weights, V)


def _mix_only_3d(weights, V):
    return torch.bmm(weights, V)


def _mix_summed_coordinates(weights, V):
    return (weights.unsqueeze(-1) * V.unsqueeze(-3)).sum(dim=-1)


def _mix_divided_by_n_keys(weights, V):
    return (weights @ V) / weights.shape[-1]


def _mix_softmax_again(weights, V):
    return _softmax_rows(weights) @ V


# ---------------------------------------------------------------- self_attention
def _attention(Q, K, V, d_k):
    weights = _softmax_rows(Q @ K.transpose(-2, -1) / math.sqrt(d_k))
    return weights @ V, weights


def _attn_swapped_outputs(Q, K, V):
    output, weights = _attention(Q, K, V, Q.shape[-1])
    return weights, output


def _attn_no_scale(Q, K, V):
    return _attention(Q, K, V, 1)


def _attn_mix_keys(Q, K, V):
    _, weights = _attention(Q, K, V, Q.shape[-1])
    return weights @ K, weights


def _attn_d_v_as_d_k(Q, K, V):
    return _attention(Q, K, V, V.shape[-1])


def _attn_seq_len_as_d_k(Q, K, V):
    return _attention(Q, K, V, Q.shape[-2])


def _attn_n_keys_as_d_k(Q, K, V):
    return _attention(Q, K, V, K.shape[-2])


def _attn_first_dim_as_d_k(Q, K, V):
    return _attention(Q, K, V, Q.shape[0])


def _attn_scaled_twice(Q, K, V):
    return _attention(Q, K, V, Q.shape[-1] ** 2)  # ÷√d_k twice is ÷d_k


def _attn_sqrt_passed_as_d_k(Q, K, V):
    return _attention(Q, K, V, math.sqrt(Q.shape[-1]))  # scale_scores takes √ again: ÷ d_k^(1/4)


def _attn_no_softmax(Q, K, V):
    scaled = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    return scaled @ V, scaled


def _attn_output_only(Q, K, V):
    output, _ = _attention(Q, K, V, Q.shape[-1])
    return output


def _attn_lecture_d_k(Q, K, V):
    return _attention(Q, K, V, 2)  # the lecture's Q and K have two coordinates


STEP1 = CHAPTER.section('1단계 · 점수표')
STEP2 = CHAPTER.section('2단계 · √d_k로 나누기')
STEP3 = CHAPTER.section('3단계 · 비율표')
STEP4 = CHAPTER.section('4단계 · 섞은 결과')
WHOLE = CHAPTER.section('네 걸음을 한 함수로')
MISTAKES = CHAPTER.section('자주 하는 실수')


def _scale_floor_divided(scores, d_k):
    return scores // math.sqrt(d_k)


def _softmax_base_two(scores):
    powers = 2.0 ** (scores - scores.amax(dim=-1, keepdim=True))
    return powers / powers.sum(dim=-1, keepdim=True)


def _mix_heaviest_key(weights, V):
    chosen = torch.zeros_like(weights).scatter_(-1, weights.argmax(dim=-1, keepdim=True), 1.0)
    return chosen @ V


def _attn_mixes_scaled_scores(Q, K, V):
    scaled = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    return scaled @ V, _softmax_rows(scaled)


def _attn_scaled_after_softmax(Q, K, V):
    weights = _softmax_rows(Q @ K.transpose(-2, -1)) / math.sqrt(Q.shape[-1])
    return weights @ V, weights


def _attn_scores_as_weights(Q, K, V):
    output, _ = _attention(Q, K, V, Q.shape[-1])
    return output, Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])


MISCONCEPTIONS = [
    # dot_scores
    Misconception("dot_scores", "no_transpose", _dot_no_transpose,
                  "K를 전치하지 않고 Q @ K를 계산했습니다. 점수는 Q의 줄(질문 쪽지)과 K의 줄(제목표)을 "
                  "짝지어 곱해 더해야 하므로 Q @ Kᵀ입니다. d_k와 낱말 수가 같으면 오류 없이 틀린 표가 나옵니다.",
                  f"{MISTAKES} — 실수 3: K.transpose(-2, -1)로 마지막 두 축만 바꾸세요."),
    Misconception("dot_scores", "swapped", _dot_swapped,
                  "K @ Qᵀ를 계산해 점수표의 줄과 열이 뒤바뀌었습니다. 줄은 보는 낱말(Query), 열은 참고하는 "
                  "낱말(Key)이므로 결과는 [..., S_q, S_k]여야 합니다.",
                  f"{STEP1} — Q @ K.transpose(-2, -1)의 순서를 지키세요.",
                  changes_result=result_as(lambda scores: scores.transpose(-2, -1))),
    Misconception("dot_scores", "elementwise", _dot_elementwise,
                  "(Q * K).sum(-1)처럼 같은 자리의 낱말끼리만 곱했습니다. 그러면 '자기 자신과의 점수'(대각선)만 "
                  "나옵니다. 점수표는 모든 Query 낱말과 모든 Key 낱말의 짝을 다 계산한 [..., S_q, S_k] 표입니다.",
                  f"{STEP1} — 행렬곱 Q @ K.transpose(-2, -1)을 쓰세요."),
    Misconception("dot_scores", "T_on_batch", _dot_T_on_batch,
                  "K.T를 썼습니다. 2차원에서는 맞지만, 배치 차원이 있는 텐서에서 .T는 마지막 두 축이 아니라 "
                  "모든 축의 순서를 뒤집습니다. 그래서 배치가 있는 입력에서 오류가 나거나 틀린 표가 나옵니다.",
                  f"{MISTAKES} — 실수 3: K.transpose(-2, -1)이나 K.mT를 쓰세요."),
    Misconception("dot_scores", "query_transposed", _dot_query_transposed,
                  "K가 아니라 Q를 전치해 Qᵀ @ K를 계산했습니다. 그러면 낱말끼리가 아니라 좌표끼리 곱해 더한 "
                  "[..., d_k, d_k] 표가 나오고, Query와 Key의 낱말 수가 다르면 오류가 납니다. 점수표는 Query 낱말과 "
                  "Key 낱말의 짝마다 점수 하나인 [..., S_q, S_k]입니다.",
                  f"{MISTAKES} — 실수 3: 전치하는 것은 K입니다: Q @ K.transpose(-2, -1)."),
    Misconception("dot_scores", "viewed_not_transposed", _dot_viewed_not_transposed,
                  "K를 전치하지 않고 view(또는 reshape)로 모양만 [..., d_k, S_k]로 바꿨습니다. view는 값을 읽는 순서 "
                  "그대로 새 모양에 채우므로 줄과 열이 바뀌지 않고 값의 자리가 섞입니다. 모양은 맞아도 점수가 "
                  "틀립니다.",
                  f"{MISTAKES} — 실수 3: 줄과 열을 바꾸는 것은 K.transpose(-2, -1)입니다."),
    Misconception("dot_scores", "only_2d", _dot_only_2d,
                  "torch.mm이나 K.t()처럼 2차원에서만 되는 함수를 썼습니다. 앞에 배치 차원이 붙은 입력 "
                  "[..., S, d_k]에서는 오류가 납니다.",
                  f"{STEP1} — @ 와 K.transpose(-2, -1)은 앞의 배치 차원을 그대로 둡니다."),
    Misconception("dot_scores", "only_3d", _dot_only_3d,
                  "torch.bmm처럼 3차원 [batch, S, d_k]에서만 되는 함수를 썼습니다. 배치 축이 없는 2차원 입력"
                  "(강의의 Q, K)이나 배치 축이 둘인 4차원 입력에서는 오류가 납니다.",
                  f"{STEP1} — @ 와 K.transpose(-2, -1)은 앞에 축이 몇 개든 그대로 둡니다."),
    Misconception("dot_scores", "transpose_first_axes", _dot_transpose_first_axes,
                  "K.transpose(0, 1)로 전치했습니다. 2차원에서는 맞지만, 배치 축이 붙으면 0번과 1번 축은 배치 축과 "
                  "낱말 축이라서 마지막 두 축(낱말, 좌표)이 바뀌지 않습니다. 그래서 배치가 있는 입력에서 오류가 나거나 "
                  "틀린 표가 나옵니다.",
                  f"{MISTAKES} — 실수 3: 음수 번호로 마지막 두 축을 고르는 K.transpose(-2, -1)을 쓰세요."),
    Misconception("dot_scores", "scaled_here", _dot_scaled_here,
                  "dot_scores 안에서 벌써 √d_k로 나누었습니다. 이 함수는 1단계의 점수표 Q·Kᵀ만 돌려주고, "
                  "√d_k로 나누기는 2단계의 scale_scores가 합니다. 여기서도 나누면 self_attention에서 두 번 "
                  "나누게 됩니다.",
                  f"{STEP1} — return Q @ K.transpose(-2, -1)",
                  changes_arguments=scaled_twice('Q', lambda named: named['Q'].shape[-1])),
    Misconception("dot_scores", "cosine", _dot_cosine,
                  "내적을 두 벡터의 길이로 나눠 코사인 유사도를 돌려줍니다. 어텐션의 점수는 길이로 나누지 않은 "
                  "내적 Q·Kᵀ 그대로입니다: 벡터의 길이도 점수에 들어가고, 크기를 맞추는 일은 2단계의 √d_k가 "
                  "합니다.",
                  f"{STEP1} — return Q @ K.transpose(-2, -1)"),
    # scale_scores
    Misconception("scale_scores", "divide_by_dk", _scale_divide_by_dk,
                  "점수를 d_k로 나누었습니다. 나누는 수는 d_k가 아니라 √d_k (d_k의 제곱근)입니다. "
                  "강의 예시에서는 2가 아니라 √2 ≈ 1.41로 나눕니다.",
                  f"{STEP2} — math.sqrt(d_k) 또는 d_k ** 0.5로 나누세요."),
    Misconception("scale_scores", "multiply", _scale_multiply,
                  "점수에 √d_k를 곱했습니다. 좌표가 많을수록 커지는 점수를 줄이려는 것이므로 √d_k로 나누어야 합니다.",
                  f"{STEP2} — scores / math.sqrt(d_k)"),
    Misconception("scale_scores", "sqrt2_fixed", _scale_sqrt2_fixed,
                  "d_k와 상관없이 늘 √2로 나누었습니다. 강의 예시는 좌표가 2개라 √2였을 뿐, "
                  "함수는 인자로 받은 d_k의 제곱근으로 나누어야 합니다.",
                  f"{STEP2} — 인자 d_k를 쓰세요."),
    Misconception("scale_scores", "last_dim", _scale_last_dim,
                  "인자 d_k 대신 scores.shape[-1] (Key 낱말의 수)로 나누었습니다. 점수표의 마지막 축은 좌표 수가 "
                  "아니라 낱말 수입니다. 나누는 수는 인자로 받은 d_k의 제곱근입니다.",
                  f"{STEP2} — 인자 d_k를 쓰세요."),
    Misconception("scale_scores", "power_precedence", _scale_power_precedence,
                  "`scores / d_k ** 1/2`처럼 썼습니다. 파이썬은 ** 를 / 보다 먼저, / 는 왼쪽부터 계산하므로 이것은 "
                  "(scores / d_k) / 2, 곧 2·d_k로 나눈 값이지 제곱근으로 나눈 값이 아닙니다.",
                  f"{STEP2} — d_k ** 0.5 또는 math.sqrt(d_k)를 쓰세요."),
    Misconception("scale_scores", "root_of_quotient", _scale_root_of_quotient,
                  "`(scores / d_k) ** 0.5`처럼 괄호를 쳐서, 나눈 몫 전체의 제곱근을 돌려줍니다. 점수는 √d_k로 "
                  "나누기만 하고 제곱근을 씌우지 않습니다: 음수 점수의 제곱근은 nan이 됩니다.",
                  f"{STEP2} — scores / d_k ** 0.5: 제곱근은 d_k에만 씌우세요."),
    Misconception("scale_scores", "half_dk", _scale_half_dk,
                  "`scores / (d_k ** 1/2)`처럼 썼습니다. 괄호 안의 d_k ** 1/2는 파이썬에서 (d_k ** 1) / 2, 곧 "
                  "d_k / 2라서 제곱근이 아닙니다 (d_k = 4일 때만 우연히 √4 = 2와 같습니다).",
                  f"{STEP2} — d_k ** 0.5 또는 math.sqrt(d_k)를 쓰세요."),
    Misconception("scale_scores", "squared_dk", _scale_squared_dk,
                  "점수를 d_k의 제곱 (d_k ** 2)으로 나눴습니다. 나누는 수는 제곱근 √d_k = d_k ** 0.5입니다: "
                  "** 2는 제곱, ** 0.5가 제곱근입니다.",
                  f"{STEP2} — d_k ** 0.5 또는 math.sqrt(d_k)를 쓰세요."),
    Misconception("scale_scores", "subtract_root", _scale_subtract_root,
                  "점수에서 √d_k를 뺐습니다. 빼면 점수가 모두 같은 만큼 옮겨질 뿐 퍼진 정도는 그대로라서, softmax의 "
                  "비율도 바뀌지 않습니다. 퍼진 정도를 줄이려면 점수를 √d_k로 나눕니다.",
                  f"{STEP2} — return scores / math.sqrt(d_k)"),
    # row_softmax
    Misconception("row_softmax", "column_axis", _softmax_column_axis,
                  "softmax를 열 방향(dim=-2, 세로)으로 계산해 열마다 합이 1이 되었습니다. 비율표는 줄(보는 "
                  "낱말)마다 합이 1이어야 하므로 마지막 축(dim=-1)을 따라 계산합니다.",
                  f"{MISTAKES} — 실수 1: max, sum 모두 dim=-1, keepdim=True로 쓰세요."),
    Misconception("row_softmax", "first_axis", _softmax_first_axis,
                  "softmax를 첫 축(dim=0)을 따라 계산했습니다. 2차원 표에서는 세로 방향이고, 배치가 있으면 "
                  "서로 다른 문장끼리 섞입니다. 비율은 마지막 축(dim=-1)을 따라 계산합니다.",
                  f"{MISTAKES} — 실수 1: dim=-1을 쓰면 앞에 축이 몇 개 있어도 됩니다."),
    Misconception("row_softmax", "no_max_shift", _softmax_no_max_shift,
                  "줄의 최댓값을 빼지 않고 바로 exp를 계산했습니다. 점수가 1000처럼 크면 exp가 inf로 넘쳐 "
                  "inf/inf = nan이 되고, -1e9처럼 작으면 0/0 = nan이 됩니다.",
                  f"{STEP3} — exp 전에 scores - scores.amax(dim=-1, keepdim=True)를 하세요."),
    Misconception("row_softmax", "global_max", _softmax_global_max,
                  "줄마다의 최댓값이 아니라 표 전체의 최댓값 하나를 뺐습니다. 다른 줄의 점수가 훨씬 크면 이 줄의 "
                  "exp가 모두 0이 되어 0/0 = nan이 됩니다.",
                  f"{STEP3} — scores.amax(dim=-1, keepdim=True)로 줄마다 최댓값을 구하세요."),
    Misconception("row_softmax", "no_keepdim", _softmax_no_keepdim,
                  "max와 sum을 모두 keepdim=True 없이 계산해 [..., S] 모양이 되었습니다. 그 상태로 빼거나 나누면 "
                  "줄이 아니라 열 방향으로 맞춰져(broadcasting) 칸 (i, j)에 줄 j의 값을 쓰게 되고, 정사각 표가 "
                  "아니면 오류가 납니다.",
                  f"{STEP3} — amax(dim=-1, keepdim=True), sum(dim=-1, keepdim=True)로 [..., S, 1] 모양을 유지하세요."),
    Misconception("row_softmax", "exp_only", _softmax_exp_only,
                  "exp까지만 계산하고 줄의 합으로 나누지 않았습니다. 그래서 줄마다 합이 1이 아닙니다. "
                  "(합 대신 줄의 가장 큰 exp로 나누어도 같습니다: 최댓값을 뺀 뒤의 가장 큰 exp는 1입니다.)",
                  f"{STEP3} — exps / exps.sum(dim=-1, keepdim=True)"),
    Misconception("row_softmax", "no_exp", _softmax_no_exp,
                  "exp 없이 점수를 줄의 합으로만 나누었습니다. 점수가 음수이거나 합이 0이면 비율이 음수가 되거나 "
                  "무한대가 됩니다. softmax는 exp를 한 뒤 합으로 나눕니다.",
                  f"{STEP3} — 최댓값 빼기 → exp → 줄의 합으로 나누기."),
    Misconception("row_softmax", "dim_one", _softmax_dim_one,
                  "max와 sum을 dim=1로 계산했습니다. 2차원 표에서는 dim=1이 마지막 축이라 맞지만, 배치 축이 붙은 "
                  "[batch, S_q, S_k]에서는 dim=1이 Query 축(세로)이 되고, 1차원 입력에서는 오류가 납니다.",
                  f"{MISTAKES} — 실수 1: 앞에 축이 몇 개든 마지막 축을 가리키는 dim=-1을 쓰세요."),
    Misconception("row_softmax", "column_sums", _softmax_column_sums,
                  "최댓값은 줄마다(dim=-1) 맞게 뺐지만, 합을 dim=-2로 구해 줄이 아니라 열의 합으로 나누었습니다. "
                  "그러면 줄마다의 합이 1이 되지 않습니다. 빼는 최댓값과 나누는 합은 같은 축(마지막 축)에서 구합니다.",
                  f"{STEP3} — exps / exps.sum(dim=-1, keepdim=True)"),
    Misconception("row_softmax", "sum_no_keepdim", _softmax_sum_no_keepdim,
                  "최댓값은 keepdim=True로 맞게 뺐지만, 줄의 합을 keepdim 없이 구해 [..., S] 모양이 되었습니다. "
                  "그 합으로 나누면 열 방향으로 맞춰져(broadcasting) 칸 (i, j)가 줄 i가 아니라 줄 j의 합으로 "
                  "나뉩니다. 정사각 표가 아니면 오류가 납니다.",
                  f"{STEP3} — exps / exps.sum(dim=-1, keepdim=True)"),
    Misconception("row_softmax", "max_no_keepdim", _softmax_max_no_keepdim,
                  "줄의 합은 keepdim=True로 맞게 나누었지만, 최댓값을 keepdim 없이 구해 [..., S] 모양으로 뺐습니다. "
                  "그러면 칸 (i, j)에서 줄 i가 아니라 줄 j의 최댓값을 빼게 되어, 한 줄 안에서도 칸마다 빼는 값이 "
                  "달라지고 비율이 틀립니다. 정사각 표가 아니면 오류가 납니다.",
                  f"{STEP3} — scores - scores.amax(dim=-1, keepdim=True)"),
    Misconception("row_softmax", "whole_sum", _softmax_whole_sum,
                  "최댓값 빼기와 exp는 줄마다 맞게 했지만, 줄의 합이 아니라 텐서 전체의 합 exps.sum()으로 "
                  "나누었습니다. 그러면 표 전체의 합이 1이 되고 줄마다의 합은 1이 아닙니다.",
                  f"{STEP3} — exps.sum(dim=-1, keepdim=True)로 줄마다 나누세요."),
    Misconception("row_softmax", "whole_tensor", _softmax_whole_tensor,
                  "최댓값도 합도 텐서 전체에서 하나씩 구했습니다 (scores.max(), exps.sum()). 표 전체에 1차원 softmax를 "
                  "한 번 한 셈이라 표 전체의 합이 1이 되고 줄마다의 합은 1이 아닙니다. 다른 줄의 점수가 훨씬 크면 "
                  "이 줄의 비율은 모두 0이 됩니다.",
                  f"{STEP3} — amax와 sum 모두 dim=-1, keepdim=True로 줄마다 구하세요."),
    Misconception("row_softmax", "scaled_by_n_keys", _softmax_scaled_by_n_keys,
                  "softmax 안에서 점수를 줄의 길이(Key 낱말 수)의 제곱근으로 한 번 더 나눴습니다. 점수를 나누는 "
                  "일은 2단계의 scale_scores가 √d_k로 이미 했고, row_softmax는 받은 점수를 그대로 비율로 "
                  "바꿉니다.",
                  f"{STEP3} — 받은 scores에서 줄의 최댓값을 빼고 exp, 줄의 합으로 나누기만 합니다."),
    Misconception("row_softmax", "inf_as_zero", _softmax_inf_as_zero,
                  "-inf 점수를 0으로 바꾼 뒤 softmax를 했습니다. -inf는 '이 칸은 비율 0'이라는 뜻이라서, 0으로 "
                  "바꾸면 가려야 할 칸이 비율을 가져갑니다. 최댓값을 빼는 방법은 -inf를 그대로 두어도 exp(-inf) = 0"
                  "이 되므로 nan이 나지 않습니다 (줄 전체가 -inf일 때만 nan).",
                  f"{STEP3} — exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))"),
    # mix_values
    Misconception("mix_values", "swapped_order", _mix_swapped_order,
                  "V @ weights로 순서를 바꾸어 곱했습니다. 줄마다 비율대로 V의 줄을 섞으려면 weights @ V입니다.",
                  f"{STEP4} — weights [..., S_q, S_k] @ V [..., S_k, d_v] → [..., S_q, d_v]"),
    Misconception("mix_values", "transposed_weights", _mix_transposed_weights,
                  "비율표를 전치해서 곱했습니다. 그러면 줄(보는 낱말)이 아니라 열의 비율로 섞게 됩니다.",
                  f"{STEP4} — weights를 그대로 V에 곱하세요."),
    Misconception("mix_values", "transposed_v", _mix_transposed_v,
                  "V를 전치해서 곱했습니다. 비율표의 열(참고하는 낱말)은 V의 줄(낱말)과 짝지어야 하므로 "
                  "V를 그대로 씁니다.",
                  f"{STEP4} — weights @ V"),
    Misconception("mix_values", "elementwise", _mix_elementwise,
                  "weights * V로 같은 자리끼리 곱했습니다. 섞기는 비율을 곱해 더하는 일(행렬곱 @)입니다.",
                  f"{STEP4} — weights @ V"),
    Misconception("mix_values", "only_2d", _mix_only_2d,
                  "torch.mm처럼 2차원에서만 되는 함수를 썼습니다. 앞에 배치 차원이 붙은 입력에서 오류가 납니다.",
                  f"{STEP4} — @ (torch.matmul)는 앞의 배치 차원을 그대로 둡니다."),
    Misconception("mix_values", "only_3d", _mix_only_3d,
                  "torch.bmm처럼 3차원 [batch, S, d]에서만 되는 함수를 썼습니다. 배치 축이 없는 2차원 입력"
                  "(강의의 비율표와 V)이나 배치 축이 둘인 4차원 입력에서는 오류가 납니다.",
                  f"{STEP4} — @ (torch.matmul)는 앞에 축이 몇 개든 그대로 둡니다."),
    Misconception("mix_values", "summed_coordinates", _mix_summed_coordinates,
                  "비율과 V의 줄을 곱한 뒤 Key 축이 아니라 좌표 축(d_v)으로 더했습니다. 그러면 칸 (i, j)가 비율 "
                  "w_ij에 V의 줄 j의 좌표 합을 곱한 값이 되어 결과가 [..., S_q, S_k] 모양입니다. 섞기는 Key "
                  "낱말마다 비율 × V의 줄을 Key 축으로 더해 [..., S_q, d_v]를 만듭니다.",
                  f"{STEP4} — weights @ V (브로드캐스팅으로 곱했다면 .sum(dim=-2))"),
    Misconception("mix_values", "divided_by_n_keys", _mix_divided_by_n_keys,
                  "비율대로 곱해 더한 뒤 Key 낱말 수 S_k로 한 번 더 나누었습니다 (더하는 대신 평균을 낸 것도 "
                  "같습니다). 비율표의 줄은 합이 이미 1이라서 weights @ V가 곧 가중평균입니다. 더 나누면 결과가 "
                  "S_k 배 작아집니다.",
                  f"{STEP4} — weights @ V를 그대로 돌려주세요."),
    Misconception("mix_values", "softmax_again", _mix_softmax_again,
                  "이미 비율인 weights에 softmax를 한 번 더 한 뒤 V와 곱했습니다. weights는 3단계에서 softmax로 "
                  "만든 비율표라서 그대로 곱합니다: softmax를 또 하면 비율이 고르게 뭉개집니다.",
                  f"{STEP4} — return weights @ V"),
    # self_attention
    Misconception("self_attention", "swapped_outputs", _attn_swapped_outputs,
                  "(weights, output) 순서로 돌려주었습니다. (output, weights) 순서여야 합니다.",
                  f"{WHOLE} — return output, weights",
                  changes_result=items_swapped()),
    Misconception("self_attention", "no_scale", _attn_no_scale,
                  "√d_k로 나누는 2단계를 빼먹었습니다. 점수표를 scale_scores로 나눈 뒤 softmax를 하세요.",
                  f"{MISTAKES} — 실수 2",
                  changes_arguments=unscaled('Q', lambda named: named['Q'].shape[-1])),
    Misconception("self_attention", "mix_keys", _attn_mix_keys,
                  "비율대로 섞은 것이 V(내용)가 아니라 K(제목표)입니다. 강의 예시는 V가 K와 같아서 맞아 보였을 "
                  "뿐입니다. 섞는 것은 언제나 V입니다.",
                  f"{STEP4} — mix_values(weights, V)",
                  changes_arguments=argument_replaced('V', lambda named: named['K'])),
    Misconception("self_attention", "d_v_as_d_k", _attn_d_v_as_d_k,
                  "d_k를 V의 마지막 축 크기(d_v)에서 얻었습니다. d_k는 Q와 K의 좌표 수, Q.shape[-1]입니다. "
                  "강의 예시는 두 값이 같아서 맞아 보였을 뿐입니다.",
                  f"{WHOLE} — d_k = Q.shape[-1]"),
    Misconception("self_attention", "seq_len_as_d_k", _attn_seq_len_as_d_k,
                  "d_k를 Query 낱말 수 Q.shape[-2]로 잡았습니다. d_k는 낱말마다의 좌표 수, "
                  "Q.shape[-1]입니다.",
                  f"{WHOLE} — d_k = Q.shape[-1]"),
    Misconception("self_attention", "n_keys_as_d_k", _attn_n_keys_as_d_k,
                  "d_k를 Key 낱말 수 K.shape[-2]로 잡았습니다. d_k는 낱말 수가 아니라 낱말마다의 좌표 수, "
                  "Q.shape[-1] (= K.shape[-1])입니다.",
                  f"{WHOLE} — d_k = Q.shape[-1]"),
    Misconception("self_attention", "first_dim_as_d_k", _attn_first_dim_as_d_k,
                  "d_k를 첫 축의 크기 Q.shape[0] (또는 len(Q))로 잡았습니다. 첫 축은 2차원에서는 낱말 수, 배치가 "
                  "있으면 문장 수입니다. d_k는 마지막 축의 크기, Q.shape[-1]입니다.",
                  f"{WHOLE} — d_k = Q.shape[-1]"),
    Misconception("self_attention", "scaled_twice", _attn_scaled_twice,
                  "√d_k로 두 번 나누었습니다 (직접 나눈 점수를 scale_scores에 또 넣었습니다). 결국 d_k로 나눈 "
                  "셈이라 비율이 필요 이상 평평해집니다. 나누기는 scale_scores 한 번입니다.",
                  f"{MISTAKES} — 실수 2: d_k로 나누면 비율이 평평해집니다.",
                  changes_arguments=scaled_twice('Q', lambda named: named['Q'].shape[-1])),
    Misconception("self_attention", "sqrt_passed_as_d_k", _attn_sqrt_passed_as_d_k,
                  "scale_scores에 d_k 대신 √d_k를 넘겼습니다. scale_scores는 받은 값의 제곱근으로 나누므로 "
                  "d_k의 네제곱근으로 나눈 셈입니다. scale_scores에는 좌표 수 d_k를 그대로 넘기세요.",
                  f"{WHOLE} — scale_scores(scores, Q.shape[-1])"),
    Misconception("self_attention", "no_softmax", _attn_no_softmax,
                  "3단계 row_softmax를 빼먹고 √d_k로 나눈 점수표를 그대로 비율표로 썼습니다. 비율표는 줄마다 "
                  "softmax를 해서 모든 칸이 0 이상이고 줄의 합이 1이어야 합니다.",
                  f"{WHOLE} — weights = row_softmax(scale_scores(dot_scores(Q, K), d_k))"),
    Misconception("self_attention", "output_only", _attn_output_only,
                  "output 하나만 돌려주었습니다. 이 함수는 섞은 결과와 비율표, 두 값을 (output, weights) 튜플로 "
                  "돌려줘야 합니다.",
                  f"{WHOLE} — return output, weights",
                  changes_result=item_only(0)),
    Misconception("self_attention", "lecture_d_k", _attn_lecture_d_k,
                  "d_k를 강의 예시의 2로 고정했습니다 (scale_scores(…, 2)). 강의의 Q, K는 낱말마다 좌표가 2 개라 "
                  "√2로 나눴을 뿐, 다른 입력에서는 좌표 수가 다릅니다. d_k는 입력에서 읽습니다: Q.shape[-1].",
                  f"{WHOLE} — d_k = Q.shape[-1]"),
    Misconception("scale_scores", "floor_divided", _scale_floor_divided,
                  "`/` 대신 정수 나눗셈 `//`로 나눠, 나눈 몫을 내림한 정수 부분만 남았습니다. 점수는 √d_k로 나눈 "
                  "실수 그대로입니다: `scores / math.sqrt(d_k)`.",
                  f"{STEP2} — scores / √d_k"),
    Misconception("row_softmax", "base_two", _softmax_base_two,
                  "exp 대신 2의 거듭제곱 2 ** (점수 − 최댓값)으로 비율을 만들었습니다. 밑이 2이면 점수 차이가 "
                  "덜 벌어져 비율이 더 평평해집니다. softmax는 e를 밑으로 하는 exp(점수 − 최댓값)입니다.",
                  f"{STEP3} — exp(점수 − 줄의 최댓값) / 줄의 합"),
    Misconception("mix_values", "heaviest_key", _mix_heaviest_key,
                  "비율대로 섞지 않고 줄마다 비율이 가장 큰 Key 하나의 V 줄만 골라 왔습니다 (argmax). 섞은 결과는 "
                  "모든 Key의 V 줄을 비율만큼 곱해 더한 가중합 weights @ V입니다.",
                  f"{STEP4} — weights @ V"),
    Misconception("self_attention", "mixes_scaled_scores", _attn_mixes_scaled_scores,
                  "output을 softmax 하기 전의 나눈 점수표로 V를 섞어 만들었습니다 (weights는 따로 맞게 구했습니다). "
                  "V를 섞는 것은 3단계의 비율표 weights입니다: output = weights @ V.",
                  f"{STEP4} — mix_values(weights, V)"),
    Misconception("self_attention", "scaled_after_softmax", _attn_scaled_after_softmax,
                  "softmax를 먼저 하고 그 비율표를 √d_k로 나눴습니다. 그러면 줄의 합이 1이 아니고, softmax에 넣은 "
                  "점수는 나누지 않은 그대로입니다. √d_k로 나누는 것은 softmax에 넣기 전의 점수표입니다.",
                  f"{MISTAKES} — 실수 2"),
    Misconception("self_attention", "scores_as_weights", _attn_scores_as_weights,
                  "output은 맞지만, 둘째 값으로 비율표 대신 √d_k로 나눈 점수표(softmax 전)를 돌려주었습니다. 둘째 "
                  "값은 V를 섞는 데 쓴 그 비율표 weights, 곧 줄마다 합이 1인 softmax 결과입니다.",
                  f"{WHOLE} — return output, weights"),
]
