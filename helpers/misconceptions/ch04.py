"""Misconceptions of ch04: random weights, score sizes, row entropy and small initial weights."""

from __future__ import annotations

import math

import torch

from helpers.chapters import CH04 as CHAPTER
from helpers.misconceptions.changes import argument_replaced, in_turn, items_swapped, result_as
from helpers.misconceptions.entry import Misconception


# ---------------------------------------------------------------- project_qkv
def _same_weight(X, Wq, Wk, Wv):
    Q = X @ Wq
    return Q, Q, Q


def _transposed_weight(X, Wq, Wk, Wv):
    return X @ Wq.T, X @ Wk.T, X @ Wv.T


def _batch_2d_only(X, Wq, Wk, Wv):
    return torch.mm(X, Wq), torch.mm(X, Wk), torch.mm(X, Wv)


def _value_with_wk(X, Wq, Wk, Wv):
    return X @ Wq, X @ Wk, X @ Wk


def _key_with_wq(X, Wq, Wk, Wv):
    return X @ Wq, X @ Wq, X @ Wv


def _order_k_q_v(X, Wq, Wk, Wv):
    return X @ Wk, X @ Wq, X @ Wv


# ---------------------------------------------------------------- score_magnitude
def _divide_by_d_k(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean().item(), (scores / Q.shape[-1]).abs().mean().item()


def _no_abs(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.mean().item(), (scores / math.sqrt(Q.shape[-1])).mean().item()


def _tensor_not_float(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean(), (scores / math.sqrt(Q.shape[-1])).abs().mean()


def _divide_by_seq_len(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean().item(), (scores / math.sqrt(Q.shape[-2])).abs().mean().item()


def _divide_by_num_keys(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().mean().item(), (scores / math.sqrt(K.shape[-2])).abs().mean().item()


def _abs_of_mean(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return abs(scores.mean().item()), abs((scores / math.sqrt(Q.shape[-1])).mean().item())


def _std_not_mean_abs(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.std().item(), (scores / math.sqrt(Q.shape[-1])).std().item()  # ch02's measure


def _swapped_order(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return (scores / math.sqrt(Q.shape[-1])).abs().mean().item(), scores.abs().mean().item()


def _scores_2d_only(Q, K):
    scores = torch.mm(Q, K.t())
    return scores.abs().mean().item(), (scores / math.sqrt(Q.shape[-1])).abs().mean().item()


# ---------------------------------------------------------------- row_entropy
def _log2(weights):
    return -torch.xlogy(weights, weights).sum(dim=-1) / math.log(2)


def _nan_on_zero(weights):
    return -(weights * torch.log(weights)).sum(dim=-1)


def _no_minus(weights):
    return torch.xlogy(weights, weights).sum(dim=-1)


def _wrong_dim(weights):
    return -torch.xlogy(weights, weights).sum(dim=-2)


def _whole_table(weights):
    return -torch.xlogy(weights, weights).sum()


def _mean_not_sum(weights):
    return -torch.xlogy(weights, weights).mean(dim=-1)


def _keepdim(weights):
    return -torch.xlogy(weights, weights).sum(dim=-1, keepdim=True)


def _normalised(weights):
    return -torch.xlogy(weights, weights).sum(dim=-1) / math.log(weights.shape[-1])


def _log1p(weights):
    return -(weights * torch.log1p(weights)).sum(dim=-1)


def _softmax_first(weights):
    again = torch.softmax(weights, dim=-1)
    return -torch.xlogy(again, again).sum(dim=-1)


# ---------------------------------------------------------------- scaled_init
def _divide_by_d_in(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) / d_in


def _no_scaling(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator)


def _divide_by_sqrt_d_out(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) / math.sqrt(d_out)


def _transposed_shape(d_in, d_out, generator=None):
    return torch.randn(d_out, d_in, generator=generator) / math.sqrt(d_in)


def _drawn_transposed(d_in, d_out, generator=None):
    return torch.randn(d_out, d_in, generator=generator).T / math.sqrt(d_in)


def _ignores_generator(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out) / math.sqrt(d_in)


def _times_sqrt_d_in(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) * math.sqrt(d_in)


def _uniform(d_in, d_out, generator=None):
    return torch.rand(d_in, d_out, generator=generator) / math.sqrt(d_in)


def _he(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) * math.sqrt(2 / d_in)


def _xavier(d_in, d_out, generator=None):
    return torch.randn(d_in, d_out, generator=generator) * math.sqrt(2 / (d_in + d_out))


_PROJECT = CHAPTER.section('1. 임베딩에 가중치를 곱해 Q, K, V 만들기')
_SCORES = CHAPTER.section('5. 점수의 크기: √8로 나눠도 모자란 까닭')
_DIM = CHAPTER.section('3. dim=-1은 어느 쪽으로 더할까')
_ENTROPY = CHAPTER.section('8. 쏠림 재기: 줄 엔트로피와 줄의 최댓값')
_INIT = CHAPTER.section('6. 작은 가중치로 시작하기: 표준편차 1/√d_in')


def _median_of_abs(Q, K):
    scores = Q @ K.transpose(-2, -1)
    return scores.abs().median().item(), (scores / math.sqrt(Q.shape[-1])).abs().median().item()


def _root_mean_square(Q, K):
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return (scores ** 2).mean().sqrt().item(), (scaled ** 2).mean().sqrt().item()


def _abs_of_inputs_first(Q, K):
    scores = Q.abs() @ K.abs().transpose(-2, -1)
    return scores.mean().item(), (scores / math.sqrt(Q.shape[-1])).mean().item()


def _no_p_weight(weights):
    return -torch.where(weights > 0, torch.log(weights), torch.zeros_like(weights)).sum(dim=-1)


def _chained(X, Wq, Wk, Wv):
    Q = X @ Wq
    K = Q @ Wk
    return Q, K, K @ Wv


MISCONCEPTIONS = [
    # project_qkv
    Misconception(
        "project_qkv", "same_weight", _same_weight,
        "Q, K, V를 모두 같은 가중치(Wq)로 만들었습니다. 질문 쪽지(Q), 제목표(K), 내용(V)은 "
        "같은 X에 서로 다른 가중치 Wq, Wk, Wv를 곱해 만든 세 가지 다른 표입니다.",
        f"{_PROJECT} — Q = X @ Wq, K = X @ Wk, V = X @ Wv",
    ),
    Misconception(
        "project_qkv", "transposed_weight", _transposed_weight,
        "가중치를 전치해서 X @ W.T를 계산했습니다. 이 문제의 가중치는 [d_in, d_out] 모양이라 "
        "전치 없이 X @ W를 곱해야 [..., S, d_out]이 나옵니다 "
        "(전치가 필요한 것은 [d_out, d_in] 모양인 nn.Linear의 weight입니다).",
        f"{_PROJECT} — 모양 [4, 8] @ [8, 8] → [4, 8]",
        changes_arguments=in_turn(*(argument_replaced(name, lambda named, name=name: named[name].T)
                                    for name in ("Wq", "Wk", "Wv"))),
    ),
    Misconception(
        "project_qkv", "batch_2d_only", _batch_2d_only,
        "torch.mm처럼 2차원 행렬끼리만 되는 곱셈을 써서, X에 배치 차원이 붙으면 "
        "([배치, S, d_in]) 오류가 납니다. @ (torch.matmul)은 앞쪽 배치 차원은 그대로 두고 "
        "마지막 두 축끼리 곱합니다.",
        f"{_PROJECT} — X @ Wq는 X가 [..., S, d_in] 이어도 됩니다",
    ),
    Misconception(
        "project_qkv", "value_with_wk", _value_with_wk,
        "V를 Wv가 아니라 Wk로 만들었습니다 (K의 줄을 복사해 고치다 가중치 이름을 그대로 둔 꼴). "
        "그러면 V가 K와 같아져, 섞이는 내용이 제목표와 같은 값이 됩니다. 세 줄이 Wq, Wk, Wv를 하나씩 쓰는지 "
        "확인하세요.",
        f"{_PROJECT} — V = X @ Wv",
    ),
    Misconception(
        "project_qkv", "key_with_wq", _key_with_wq,
        "K를 Wk가 아니라 Wq로 만들었습니다 (Q의 줄을 복사해 고치다 가중치 이름을 그대로 둔 꼴). 그러면 "
        "K가 Q와 같아져 점수표 Q·Kᵀ가 대칭이 됩니다. K = X @ Wk입니다.",
        f"{_PROJECT} — K = X @ Wk",
    ),
    Misconception(
        "project_qkv", "order_k_q_v", _order_k_q_v,
        "세 값은 맞지만 (K, Q, V) 순서로 돌려줍니다. 받는 쪽은 Q, K, V = project_qkv(...)로 풀어 쓰므로 "
        "질문 쪽지와 제목표가 뒤바뀝니다. (Q, K, V) 순서로 돌려주세요.",
        f"{_PROJECT} — return Q, K, V",
    changes_result=items_swapped()),
    # score_magnitude
    Misconception(
        "score_magnitude", "divide_by_d_k", _divide_by_d_k,
        "두 번째 값을 d_k로 나눴습니다. 점수는 d_k가 아니라 √d_k (d_k의 제곱근)로 나눕니다. "
        "강의 예시라면 8이 아니라 √8 ≈ 2.83입니다.",
        _SCORES,
    ),
    Misconception(
        "score_magnitude", "no_abs", _no_abs,
        "점수의 절댓값을 취하지 않고 평균을 냈습니다. 양수와 음수 점수가 서로 지워져 크기가 "
        "작게 나옵니다. 크기는 |점수| 의 평균, 곧 abs()를 한 뒤 mean()입니다.",
        f"{_SCORES} — 평균 |점수|",
    ),
    Misconception(
        "score_magnitude", "tensor_not_float", _tensor_not_float,
        "값은 맞지만 파이썬 숫자(float)가 아니라 텐서를 돌려줍니다. 값이 하나뿐인 텐서는 "
        ".item()으로 파이썬 float로 바꿔 돌려주세요.",
        f"{_SCORES} — .item()",
    changes_result=lambda pair, named: tuple(torch.tensor(value, dtype=named["Q"].dtype) for value in pair)),
    Misconception(
        "score_magnitude", "divide_by_seq_len", _divide_by_seq_len,
        "d_k를 낱말 수(Q의 줄 수, Q.shape[-2])로 잡았습니다. d_k는 좌표 수, 곧 Q의 "
        "마지막 축 길이 Q.shape[-1]입니다. 강의 예시라면 4가 아니라 8입니다.",
        _SCORES,
    ),
    Misconception(
        "score_magnitude", "divide_by_num_keys", _divide_by_num_keys,
        "d_k를 Key의 개수(K의 줄 수, K.shape[-2])로 잡았습니다. d_k는 낱말 수가 아니라 좌표 수, 곧 "
        "Q.shape[-1] (= K.shape[-1])입니다. 강의 예시라면 4가 아니라 8입니다.",
        _SCORES,
    ),
    Misconception(
        "score_magnitude", "abs_of_mean", _abs_of_mean,
        "평균을 먼저 내고 그 절댓값을 취했습니다: |mean(점수)|. 그러면 양수와 음수 점수가 평균에서 이미 "
        "서로 지워집니다. 칸마다 절댓값을 먼저 취한 뒤 평균을 내세요: scores.abs().mean().",
        f"{_SCORES} — 평균 |점수|",
    ),
    Misconception(
        "score_magnitude", "std_not_mean_abs", _std_not_mean_abs,
        "점수의 크기를 2강처럼 표준편차 (std)로 쟀습니다. 이 함수가 재는 것은 평균 |점수|, 곧 칸마다 절댓값을 "
        "취한 뒤 낸 평균입니다: scores.abs().mean().",
        f"{_SCORES} — 평균 |점수|",
    ),
    Misconception(
        "score_magnitude", "swapped_order", _swapped_order,
        "두 값은 맞지만 순서가 바뀌었습니다: (나눈 뒤, 나누기 전)을 돌려줍니다. 첫 값이 나누기 전 평균 |점수|, "
        "둘째 값이 √d_k로 나눈 뒤의 평균 |점수| 입니다 (강의 예시라면 15.14 다음 5.35).",
        _SCORES,
    changes_result=items_swapped()),
    Misconception(
        "score_magnitude", "only_2d", _scores_2d_only,
        "K.T, K.t()나 torch.mm처럼 2차원에서만 맞는 전치와 곱셈을 썼습니다. 배치 축이 붙은 Q, K "
        "[..., S, d_k]에서는 오류가 나거나 (.T는 모든 축의 순서를 뒤집습니다) 틀린 표가 나옵니다. "
        "Q @ K.transpose(-2, -1)은 앞쪽 축을 그대로 두고 마지막 두 축만 바꿉니다.",
        CHAPTER.section("2. 네 걸음을 실제 모델의 모양으로", "K.transpose(-2, -1)"),
    ),
    # row_entropy
    Misconception(
        "row_entropy", "log2", _log2,
        "밑이 2인 로그(log2)로 계산해 단위가 비트(bit)입니다. 이 과정은 자연로그(ln)를 쓰는 "
        "nat 단위라서, 고르게 퍼진 4칸 줄의 엔트로피는 2가 아니라 ln 4 ≈ 1.386입니다.",
        f"{_ENTROPY} — torch.log는 자연로그",
    changes_result=result_as(lambda entropy: entropy / math.log(2))),
    Misconception(
        "row_entropy", "nan_on_zero", _nan_on_zero,
        "비율이 정확히 0인 칸에서 0 × log 0 = 0 × (−inf)가 되어 NaN이 나옵니다. 엔트로피에서는 "
        "0·log 0 = 0으로 약속합니다. torch.xlogy(p, p)를 쓰거나 p > 0인 칸만 더하세요.",
        f"{_ENTROPY} — 0·log 0 = 0",
    ),
    Misconception(
        "row_entropy", "no_minus", _no_minus,
        "앞의 마이너스(−)를 빠뜨려 엔트로피가 음수로 나옵니다. 비율은 1 이하라 log p ≤ 0이므로 "
        "H = −Σ p·ln p여야 0 이상이 됩니다.",
        f"{_ENTROPY} — H = −Σ p ln p",
    changes_result=result_as(torch.negative)),
    Misconception(
        "row_entropy", "wrong_dim", _wrong_dim,
        "세로 방향(dim=-2, 열마다)으로 더했습니다. 한 줄이 한 낱말의 비율이므로 엔트로피도 "
        "줄마다, 곧 마지막 축(dim=-1)을 따라 더해야 합니다.",
        _DIM,
    ),
    Misconception(
        "row_entropy", "whole_table", _whole_table,
        "비율표 전체의 칸을 모두 더해 숫자 하나를 돌려줍니다. 엔트로피는 줄마다 하나씩, [..., S_q] 모양입니다. "
        "sum(dim=-1)로 마지막 축만 더하세요.",
        _DIM,
    ),
    Misconception(
        "row_entropy", "mean_not_sum", _mean_not_sum,
        "줄 안의 칸들을 더하지 않고 평균(mean)을 냈습니다. 그러면 엔트로피가 칸 수 S_k로 나뉘어 작게 나옵니다 "
        "(고르게 퍼진 4칸 줄이 ln 4 ≈ 1.386이 아니라 0.347). H = −Σ p·ln p는 합입니다.",
        f"{_ENTROPY} — H = −Σ p ln p",
    ),
    Misconception(
        "row_entropy", "keepdim", _keepdim,
        "keepdim=True로 더해 모양이 [..., S_q, 1]입니다. 줄마다 숫자 하나씩, [..., S_q]여야 하므로 "
        "keepdim 없이 sum(dim=-1)을 쓰세요 (softmax처럼 뒤에서 다시 나눌 일이 없습니다).",
        _DIM,
    ),
    Misconception(
        "row_entropy", "normalised", _normalised,
        "엔트로피를 ln S_k (가장 고르게 퍼진 줄의 엔트로피)로 나눠 0과 1 사이로 맞췄습니다. 이 과정의 줄 "
        "엔트로피는 나누지 않은 −Σ p·ln p 그대로라서, 고르게 퍼진 4칸 줄은 1이 아니라 ln 4 ≈ 1.386입니다.",
        f"{_ENTROPY} — -(p * log p)를 줄마다 더하기만 합니다",
    ),
    # scaled_init
    Misconception(
        "scaled_init", "divide_by_d_in", _divide_by_d_in,
        "난수를 d_in으로 나눴습니다. 표준편차를 1/√d_in으로 맞추려면 d_in의 제곱근 √d_in으로 "
        "나눠야 합니다. d_in으로 나누면 가중치가 너무 작아져 출력이 0 쪽으로 줄어듭니다.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "no_scaling", _no_scaling,
        "난수를 나누지 않아 표준편차가 1인 가중치가 나왔습니다. 강의 앞부분에서 비율표를 "
        "한 칸에 몰리게 한 바로 그 가중치입니다. √d_in으로 나눠 주세요.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "divide_by_sqrt_d_out", _divide_by_sqrt_d_out,
        "√d_out으로 나눴습니다. 출력 좌표 하나는 입력 좌표 d_in 개를 곱해 더해 만들어지므로, "
        "더하는 개수인 d_in의 제곱근으로 나눠야 출력의 크기가 1쯤으로 유지됩니다.",
        f"{_INIT} — 더하는 개수는 d_in",
    ),
    Misconception(
        "scaled_init", "transposed_shape", _transposed_shape,
        "모양을 [d_out, d_in]으로 만들었습니다 (nn.Linear의 weight 모양). 이 과정의 가중치는 "
        "X @ W로 곱하므로 [d_in, d_out] 모양, 곧 torch.randn(d_in, d_out, ...)이어야 합니다.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "drawn_transposed", _drawn_transposed,
        "난수를 [d_out, d_in]으로 뽑은 뒤 .T로 전치했습니다 (nn.Linear의 weight 모양). 모양은 맞지만 같은 "
        "generator에서 기준과 다른 자리에 난수가 놓여 같은 가중치가 나오지 않습니다. "
        "처음부터 torch.randn(d_in, d_out, generator=generator)로 뽑으세요.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "ignores_generator", _ignores_generator,
        "받은 generator를 쓰지 않고 전역 난수로 뽑았습니다. 그러면 같은 씨앗의 generator를 줘도 같은 가중치가 "
        "나오지 않습니다. torch.randn(d_in, d_out, generator=generator)처럼 generator를 넘기세요 "
        "(None이면 torch가 알아서 전역 난수를 씁니다).",
        f"{_INIT} — generator=generator",
    ),
    Misconception(
        "scaled_init", "times_sqrt_d_in", _times_sqrt_d_in,
        "난수에 √d_in을 곱했습니다. 표준편차가 1/√d_in이 아니라 √d_in이 되어, 강의 앞부분의 큰 가중치보다 "
        "더 커집니다. √d_in으로 나누세요.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "uniform", _uniform,
        "torch.rand로 뽑았습니다. rand는 0과 1 사이의 균등 난수라 평균이 0이 아니라 0.5입니다. "
        "표준 정규 난수는 torch.randn입니다.",
        f"{_INIT} — torch.randn",
    ),
    Misconception(
        "scaled_init", "he_init", _he,
        "표준편차를 √(2 / d_in)으로 맞췄습니다 (He 초기화, ReLU 층에 쓰는 것). 이 문제의 가중치는 표준편차 "
        "1/√d_in, 곧 torch.randn(d_in, d_out) / √d_in입니다.",
        _INIT,
    ),
    Misconception(
        "scaled_init", "xavier_init", _xavier,
        "표준편차를 √(2 / (d_in + d_out))으로 맞췄습니다 (Xavier/Glorot 초기화). 이 문제는 더하는 개수 d_in만 "
        "보는 1/√d_in, 곧 torch.randn(d_in, d_out) / √d_in입니다.",
        f"{_INIT} — 더하는 개수는 d_in",
    ),
    Misconception(
        "score_magnitude", "median_of_abs", _median_of_abs,
        "절댓값의 평균 대신 중앙값 (median)을 쟀습니다. 이 함수가 재는 크기는 평균 |점수|, 곧 "
        "scores.abs().mean()입니다.",
        _SCORES,
    ),
    Misconception(
        "score_magnitude", "root_mean_square", _root_mean_square,
        "평균 |점수| 대신 제곱 평균의 제곱근 (RMS, √mean(점수²))으로 크기를 쟀습니다. 큰 점수에 더 큰 무게가 "
        "실려 값이 커집니다. 이 함수가 재는 것은 절댓값의 평균 scores.abs().mean()입니다.",
        _SCORES,
    ),
    Misconception(
        "score_magnitude", "abs_of_inputs_first", _abs_of_inputs_first,
        "점수표가 아니라 Q와 K에 먼저 절댓값을 씌워 |Q|·|K|ᵀ의 평균을 쟀습니다. 절댓값은 점수표 Q·Kᵀ를 "
        "만든 뒤에 씌웁니다: (Q @ K.transpose(-2, -1)).abs().mean().",
        _SCORES,
    ),
    Misconception(
        "row_entropy", "no_p_weight", _no_p_weight,
        "−Σ ln p처럼 로그만 더하고 비율 p를 곱하지 않았습니다. 엔트로피는 칸마다 p · ln p를 더한 뒤 "
        "마이너스를 붙인 H = −Σ p ln p입니다 (p = 0인 칸은 0).",
        _ENTROPY,
    ),
    Misconception(
        "project_qkv", "chained", _chained,
        "K를 X가 아니라 앞에서 만든 Q에서, V를 K에서 이어 곱해 만들었습니다 (K = Q·Wk, V = K·Wv). Q, K, V는 "
        "모두 같은 입력 X에 각자의 가중치를 곱한 것입니다: X @ Wq, X @ Wk, X @ Wv.",
        _PROJECT,
    ),
    Misconception(
        "row_entropy", "log1p", _log1p,
        "log 0을 피하려고 torch.log1p(p) = ln(1 + p)를 썼습니다. ln(1 + p)는 ln p와 다른 값이라 엔트로피가 "
        "아닌 것을 잽니다 (한 칸에 몰린 줄이 0이 아니라 −ln 2). 0·log 0 = 0은 torch.xlogy(p, p)로 지키세요.",
        f"{_ENTROPY} — 0·log 0 = 0",
    ),
    Misconception(
        "row_entropy", "softmax_first", _softmax_first,
        "받은 비율표를 점수처럼 여겨 softmax를 한 번 더 한 뒤 엔트로피를 쟀습니다. 받은 weights는 이미 줄마다 "
        "합이 1인 비율이므로 그대로 H = −Σ p ln p에 넣습니다.",
        _ENTROPY,
    ),
]
