"""Misconceptions of ch05: splitting and merging heads, the causal mask, the decoder mask and
multi-head attention.

Each variant is the reference with one thing done the way students most often get it wrong,
written out here (never calling helpers.reference). tests/test_ch05_multi_head.py checks that every
variant differs from the reference, and from every other variant of its exercise, on the hidden cases.
"""

from __future__ import annotations

import math

import torch

from helpers.grading.ch05 import CHAPTER
from helpers.misconceptions.entry import Misconception
from helpers.reference import MASK_FILL

_SPLIT = CHAPTER.section("3. 나누기", "view(B, S, h, d_k) 다음 transpose(1, 2)")
_MERGE = CHAPTER.section("5. 합치기", "transpose(1, 2), contiguous(), view(B, S, h·d_k)")
_CAUSAL = CHAPTER.section("7. 미래를 가리는 마스크", "맞음: tril 과 한 칸씩 틀린 모양")
_DECODER = CHAPTER.section("8. 패딩 마스크와 함께", "[B, 1, 1, S] & [S, S] → [B, 1, S, S]")
_PER_HEAD_MASK = CHAPTER.section("4. 머리마다 어텐션 한 번", "[B, 1, S] 가 머리 축에 놓이는 그림")
_MHA = CHAPTER.section("5. 합치기", "투영 → 나누기 → 머리마다 어텐션 → 합치기 → W_O")
_TORCH = CHAPTER.section("9. torch.nn.MultiheadAttention과 견주기", "마스크의 뜻이 반대입니다")


# ---------------------------------------------------------------- split_heads
def _check_divisible(d_model, num_heads):
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")


def _split_reshape_only(x, num_heads):
    B, S, d_model = x.shape
    _check_divisible(d_model, num_heads)
    return x.reshape(B, num_heads, S, d_model // num_heads)


def _split_no_transpose(x, num_heads):
    B, S, d_model = x.shape
    _check_divisible(d_model, num_heads)
    return x.view(B, S, num_heads, d_model // num_heads)


def _split_interleaved(x, num_heads):
    B, S, d_model = x.shape
    _check_divisible(d_model, num_heads)
    return x.view(B, S, d_model // num_heads, num_heads).permute(0, 3, 1, 2)


# ---------------------------------------------------------------- merge_heads
def _merge_no_transpose(x):
    B, h, S, d_k = x.shape
    return x.contiguous().view(B, S, h * d_k)


def _merge_no_contiguous(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)


def _merge_heads_averaged(x):
    return x.mean(dim=1)


# ---------------------------------------------------------------- causal_mask
def _causal_hides_diagonal(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)


def _causal_shows_next(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=1)


def _causal_triu(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))


def _causal_inverted(size):
    return ~torch.tril(torch.ones(size, size, dtype=torch.bool))


def _causal_not_bool(size):
    return torch.tril(torch.ones(size, size))


# ---------------------------------------------------------------- decoder_mask
def _keys(x, pad_id):
    return x != pad_id  # [B, S]


def _lower(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def _decoder_padding_3d(x, pad_id=0):
    return _keys(x, pad_id).unsqueeze(1)  # [B, 1, S]: ch03's padding mask, no causal part


def _decoder_no_head_axis(x, pad_id=0):
    return _keys(x, pad_id).unsqueeze(1) & _lower(x.size(-1))  # [B, S, S]


def _decoder_no_padding(x, pad_id=0):
    return _lower(x.size(-1)).expand(x.size(0), 1, x.size(-1), x.size(-1)).clone()


def _decoder_no_causal(x, pad_id=0):
    S = x.size(-1)
    return _keys(x, pad_id)[:, None, None, :].expand(x.size(0), 1, S, S).clone()


def _decoder_inverted(x, pad_id=0):
    return ~(_keys(x, pad_id)[:, None, None, :] & _lower(x.size(-1)))


def _decoder_padding_on_queries(x, pad_id=0):
    return _keys(x, pad_id)[:, None, :, None] & _lower(x.size(-1))


def _decoder_ignores_pad_id(x, pad_id=0):
    return (x != 0)[:, None, None, :] & _lower(x.size(-1))


# ---------------------------------------------------------------- multi_head_attention
def _heads(t, num_heads):
    B, S, d_model = t.shape
    return t.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)  # [B, h, S, d_k]


def _together(t):
    B, h, S, d_k = t.shape
    return t.transpose(1, 2).contiguous().view(B, S, h * d_k)


def _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, *, split=_heads, merge=_together,
         scale_dim=None, hide=lambda mask: torch.as_tensor(mask) == 0, fill=MASK_FILL, project=lambda t, W: t @ W,
         output_weight=True, average_weights=False):
    """The reference multi-head attention with one step changeable."""
    Q, K, V = (split(project(t, W), num_heads) for t, W in ((query, W_q), (key, W_k), (value, W_v)))
    d = Q.size(-1) if scale_dim is None else scale_dim
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)  # [B, h, S_q, S_k]
    if mask is not None:
        scores = torch.where(hide(mask), fill, scores)
    p_attn = torch.softmax(scores, dim=-1)
    output = merge(p_attn @ V)
    if output_weight:
        output = output @ W_o
    return output, p_attn.mean(dim=1) if average_weights else p_attn


def _mha_reshape_split(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    def reshape_split(t, heads):
        B, S, d_model = t.shape
        return t.reshape(B, heads, S, d_model // heads)

    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, split=reshape_split)


def _mha_merge_no_transpose(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, merge=_merge_no_transpose)


def _mha_scale_by_d_model(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, scale_dim=query.size(-1))


def _mha_mask_inverted(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, hide=lambda mask: torch.as_tensor(mask) != 0)


def _mha_no_output_weight(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, output_weight=False)


def _mha_weights_transposed(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    output, p_attn = _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, project=lambda t, W: t @ W.T,
                          output_weight=False)
    return output @ W_o.T, p_attn


def _mha_weights_averaged(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, average_weights=True)


def _mha_fill_minus_inf(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return _mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, fill=float("-inf"))


MISCONCEPTIONS = [
    # split_heads
    Misconception("split_heads", "reshape_no_transpose", _split_reshape_only,
                  "reshape(B, h, S, d_k) 하나로 나눴습니다. 모양은 맞지만 값이 메모리 순서대로 다시 채워져서, "
                  "한 머리의 줄에 다른 자리의 좌표가 섞입니다 "
                  "(강의의 주소 텐서에서 머리 1 의 넷째 줄이 자리 1 의 [10, 11]). "
                  "마지막 축만 view(B, S, h, d_k) 로 쪼갠 뒤 transpose(1, 2) 로 머리 축을 앞으로 옮기세요.",
                  _SPLIT),
    Misconception("split_heads", "no_transpose", _split_no_transpose,
                  "view(B, S, h, d_k) 까지만 하고 transpose 를 빠뜨려 모양이 [B, S, h, d_k] 입니다. 머리마다 어텐션을 "
                  "하려면 머리 축이 자리 축 앞에 와야 합니다: [B, h, S, d_k].",
                  _SPLIT),
    Misconception("split_heads", "interleaved_heads", _split_interleaved,
                  "좌표를 머리들에 한 개씩 돌려 가며 나눴습니다 (view(B, S, d_k, h)). 머리 k 의 몫은 이어진 좌표 "
                  "k·d_k … (k+1)·d_k − 1 입니다: 마지막 축을 [h, d_k] 순서로 쪼개세요.",
                  _SPLIT),
    # merge_heads
    Misconception("merge_heads", "no_transpose", _merge_no_transpose,
                  "transpose 없이 view(B, S, h·d_k) 로 바로 붙였습니다. 모양은 맞지만 한 머리의 여러 자리가 한 줄로 "
                  "붙어 자리와 머리가 섞입니다. 먼저 transpose(1, 2) 로 [B, S, h, d_k] 를 만든 뒤 붙이세요.",
                  _MERGE),
    Misconception("merge_heads", "no_contiguous", _merge_no_contiguous,
                  "transpose 뒤에 contiguous() 없이 view 를 불렀습니다. transpose 는 읽는 순서(보폭)만 바꾸므로 "
                  "view 가 \"view size is not compatible\" 오류를 냅니다. "
                  "transpose(1, 2).contiguous().view(…) 로 쓰세요 (reshape 도 됩니다).",
                  _MERGE),
    Misconception("merge_heads", "heads_averaged", _merge_heads_averaged,
                  "머리들의 결과를 평균했습니다. 그러면 좌표가 d_k개로 줄어 [B, S, d_k] 가 됩니다. 멀티 헤드는 "
                  "머리들의 결과를 나란히 이어 붙여(concatenate) [B, S, h·d_k] = [B, S, d_model] 로 되돌립니다.",
                  _MERGE),
    # causal_mask
    Misconception("causal_mask", "hides_diagonal", _causal_hides_diagonal,
                  "대각선까지 가렸습니다 (tril(…, diagonal=-1)). 낱말은 자기 자신은 볼 수 있어야 합니다: Key 자리 ≤ "
                  "Query 자리이면 True 입니다. 지금은 첫 줄에 볼 수 있는 칸이 하나도 없습니다.",
                  _CAUSAL),
    Misconception("causal_mask", "shows_next", _causal_shows_next,
                  "한 칸 앞의 미래까지 보여 줍니다 (tril(…, diagonal=1)). 다음 낱말을 맞히는 모델이 바로 그 정답을 "
                  "보게 됩니다. 대각선과 그 아래만 True 여야 합니다 (diagonal=0).",
                  _CAUSAL),
    Misconception("causal_mask", "triu", _causal_triu,
                  "torch.triu(위 삼각형)를 썼습니다. 그러면 거꾸로 미래만 보고 과거를 가립니다. 볼 수 있는 칸은 "
                  "아래 삼각형, torch.tril 입니다.",
                  _CAUSAL),
    Misconception("causal_mask", "inverted", _causal_inverted,
                  "True 와 False 가 반대입니다: 미래 칸이 True 입니다 (nn.MultiheadAttention 의 attn_mask 처럼 "
                  "True = 가림). 이 과정의 마스크는 True = 볼 수 있음입니다.",
                  _TORCH),
    Misconception("causal_mask", "not_bool", _causal_not_bool,
                  "모양과 값은 맞지만 True/False(bool)가 아니라 실수 0/1 텐서입니다. "
                  "torch.ones(…, dtype=torch.bool) 로 만들거나 .bool() 로 바꿔 돌려주세요.",
                  _CAUSAL),
    # decoder_mask
    Misconception("decoder_mask", "padding_3d", _decoder_padding_3d,
                  "3장의 패딩 마스크 [B, 1, S] 를 그대로 돌려줬습니다. 미래 가리기가 빠졌고, 모양도 머리 축 자리가 "
                  "없어 점수표 [B, h, S, S] 와 맞출 때 문장 축이 머리 축에 놓입니다 (문장 수와 머리 수가 같으면 오류도 "
                  "없이). [B, 1, S, S] 여야 합니다.",
                  _PER_HEAD_MASK),
    Misconception("decoder_mask", "no_head_axis", _decoder_no_head_axis,
                  "마스크가 [B, S, S] 입니다. 머리 축 자리가 없으면 [B, h, S, S] 와 맞출 때 문장 축이 머리 축에 "
                  "놓입니다. 패딩 마스크를 [B, 1, 1, S] 로 만든 뒤 [S, S] 와 & 로 묶어 [B, 1, S, S] 를 만드세요.",
                  _DECODER),
    Misconception("decoder_mask", "no_padding", _decoder_no_padding,
                  "미래 가리기만 있고 패딩 마스크가 빠졌습니다. [PAD] 열도 가려야 합니다: 패딩 마스크 [B, 1, 1, S] & "
                  "미래 가리기 [S, S].",
                  _DECODER),
    Misconception("decoder_mask", "no_causal", _decoder_no_causal,
                  "패딩 마스크만 있고 미래 가리기가 빠졌습니다. Key 자리가 Query 자리보다 뒤인 칸도 가려야 합니다 "
                  "(torch.tril).",
                  _DECODER),
    Misconception("decoder_mask", "inverted", _decoder_inverted,
                  "True 와 False 가 반대입니다 (nn.MultiheadAttention 처럼 True = 가림). 이 과정의 마스크는 볼 수 있는 "
                  "칸이 True 입니다.",
                  _TORCH),
    Misconception("decoder_mask", "padding_on_queries", _decoder_padding_on_queries,
                  "패딩 마스크를 Query 축(줄)에 놓았습니다 ([B, 1, S, 1]). [PAD] 는 Key 로 참고하지 못하게 하는 것이라 "
                  "열을 가려야 합니다: [B, 1, 1, S].",
                  _DECODER),
    Misconception("decoder_mask", "ignores_pad_id", _decoder_ignores_pad_id,
                  "pad_id 인자를 쓰지 않고 0 과 비교했습니다. [PAD] 번호가 0 이 아닌 어휘집에서도 맞도록 pad_id 와 "
                  "비교하세요.",
                  _DECODER),
    # multi_head_attention
    Misconception("multi_head_attention", "reshape_split", _mha_reshape_split,
                  "머리를 reshape(B, h, S, d_k) 하나로 나눴습니다. 한 머리의 줄에 다른 자리의 좌표가 섞여 비율표가 "
                  "낱말 사이의 관계를 뜻하지 않습니다. view(B, S, h, d_k) 다음 transpose(1, 2) 로 나누세요.",
                  _SPLIT),
    Misconception("multi_head_attention", "merge_no_transpose", _mha_merge_no_transpose,
                  "머리들의 결과를 합칠 때 transpose 로 되돌리지 않고 바로 view 로 붙였습니다. 자리와 머리가 섞입니다. "
                  "transpose(1, 2).contiguous().view(B, S, d_model) 로 합치세요.",
                  _MERGE),
    Misconception("multi_head_attention", "scale_by_d_model", _mha_scale_by_d_model,
                  "점수를 √d_model 로 나눴습니다. 머리마다의 점수는 좌표 d_k = d_model / h개의 곱을 더한 것이라 "
                  "√d_k 로 나눕니다 (강의의 두 머리 예에서는 √2 가 아니라 √1).",
                  CHAPTER.section("1. 머리 하나로는 왜 모자랄까", "√d_k = √1 로 나누기")),
    Misconception("multi_head_attention", "mask_inverted", _mha_mask_inverted,
                  "마스크가 True(1)인 칸을 가렸습니다 (nn.MultiheadAttention 의 key_padding_mask 약속). 이 과정의 "
                  "마스크는 True = 볼 수 있음이라, mask == 0 인 점수를 -1e9 로 바꿉니다.",
                  _TORCH),
    Misconception("multi_head_attention", "no_output_weight", _mha_no_output_weight,
                  "합친 결과에 W_o 를 곱하지 않았습니다. 합친 것만으로는 좌표 0…d_k−1 이 머리 1 에서만 옵니다. "
                  "마지막에 @ W_o 로 머리들의 결과를 섞어야 멀티 헤드 어텐션의 출력입니다.",
                  _MHA),
    Misconception("multi_head_attention", "weights_transposed", _mha_weights_transposed,
                  "가중치를 전치해서 x @ W.T 로 곱했습니다 (nn.Linear 나 in_proj_weight 의 약속). 이 문제의 가중치는 "
                  "[d_model, d_model] 을 x @ W 로 곱합니다.",
                  _MHA),
    Misconception("multi_head_attention", "weights_averaged", _mha_weights_averaged,
                  "p_attn 을 머리들에 대해 평균해 [B, S_q, S_k] 로 돌려줬습니다 (nn.MultiheadAttention 의 기본값). "
                  "머리마다의 비율표 [B, h, S_q, S_k] 를 그대로 돌려주세요.",
                  _MHA),
    Misconception("multi_head_attention", "fill_minus_inf", _mha_fill_minus_inf,
                  "가린 점수를 -inf 로 채웠습니다. 모든 Key 가 가려진 줄(문장 전체가 [PAD])에서 softmax 가 0/0 이 되어 "
                  "NaN 이 나옵니다. 유한한 큰 음수 -1e9 를 쓰면 그런 줄은 고른 비율이 됩니다.",
                  CHAPTER.section("9. torch.nn.MultiheadAttention과 견주기", "모든 Key 가 가려진 줄")),
]
