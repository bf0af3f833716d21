"""Misconceptions of ch05: splitting and merging heads, the causal mask, the decoder mask and
multi-head attention.

Each variant is the reference with one thing done the way students most often get it wrong,
written out here (never calling helpers.reference). tests/chapters/test_ch05_multi_head.py checks that every
variant differs from the reference, and from every other variant of its exercise, on the hidden cases.
"""

from __future__ import annotations

import math

import torch

from helpers.chapters import CH03, CH04
from helpers.chapters import CH05 as CHAPTER
from helpers.korean import Particle, attach
from helpers.misconceptions.changes import items_swapped, mask_inverted, result_as, unscaled
from helpers.misconceptions.common import mha
from helpers.misconceptions.entry import SCALE_ONLY, Misconception

_SPLIT = CHAPTER.section("3. 나누기", "view(B, S, h, d_k) 다음 transpose(1, 2)")
_MERGE = CHAPTER.section("5. 합치기", "transpose(1, 2), contiguous(), view(B, S, h·d_k)")
_CAUSAL = CHAPTER.section("7. 미래를 가리는 마스크", "맞음: tril과 한 칸씩 틀린 모양")
_DECODER = CHAPTER.section("8. 패딩 마스크와 함께", "[B, 1, 1, S] & [S, S] → [B, 1, S, S]")
_PER_HEAD_MASK = CHAPTER.section("4. 머리마다 어텐션 한 번", "[B, 1, S]가 머리 축에 놓이는 그림")
_MASK_AS_GIVEN = CHAPTER.section("4. 머리마다 어텐션 한 번", "패딩 마스크는 이미 [B, 1, 1, S]")
_MASKED = CH03.section("6. 마스크 없이, 마스크와 함께", "가릴 점수를 -1e9로 바꾼 뒤 softmax")
_ROWS = CH04.section("3. dim=-1은 어느 쪽으로 더할까", "비율표는 줄마다")
_HEAD_SCALE = CHAPTER.section("1. 머리 하나로는 왜 모자랄까", "머리마다 √d_k로 나누기")
_MHA = CHAPTER.section("5. 합치기", "투영 → 나누기 → 머리마다 어텐션 → 합치기 → W_O")
_TORCH = CHAPTER.section("9. torch.nn.MultiheadAttention과 견주기", "마스크의 뜻이 반대입니다")


# ---------------------------------------------------------------- split_heads
def _check_divisible(d_model, num_heads):
    if d_model % num_heads:
        raise ValueError(f"d_model={attach(d_model, Particle.SUBJECT)} "
                         f"num_heads={attach(num_heads, Particle.TOWARD)} 나누어떨어지지 않습니다")


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


def _split_view_d_k_then_h(x, num_heads):
    B, S, d_model = x.shape
    _check_divisible(d_model, num_heads)
    return x.view(B, S, d_model // num_heads, num_heads).transpose(1, 2)  # [B, d_k, S, h]


def _split_transpose_last_two(x, num_heads):
    B, S, d_model = x.shape
    _check_divisible(d_model, num_heads)
    return x.view(B, S, num_heads, d_model // num_heads).transpose(-2, -1)  # [B, S, d_k, h]


def _split_heads_first(x, num_heads):
    _check_divisible(x.size(-1), num_heads)
    return torch.stack(x.chunk(num_heads, dim=-1))  # [h, B, S, d_k]


# ---------------------------------------------------------------- merge_heads
def _merge_no_transpose(x):
    B, h, S, d_k = x.shape
    return x.contiguous().view(B, S, h * d_k)


def _merge_no_contiguous(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)


def _merge_heads_averaged(x):
    return x.mean(dim=1)


def _merge_heads_summed(x):
    return x.sum(dim=1)


def _merge_last_two_swapped(x):
    B, h, S, d_k = x.shape
    return x.transpose(-2, -1).reshape(B, S, h * d_k)  # [B, h, d_k, S]: positions and coordinates swapped


def _merge_interleaved(x):
    B, h, S, d_k = x.shape
    return x.permute(0, 2, 3, 1).reshape(B, S, h * d_k)  # [B, S, d_k, h]: the heads take turns


def _merge_along_positions(x):
    return torch.cat([x[:, head] for head in range(x.size(1))], dim=1)  # [B, h·S, d_k]


def _merge_view_only(x):
    B, h, S, d_k = x.shape
    return x.view(B, S, h * d_k)  # no transpose, no contiguous


def _merge_batch_heads_swapped(x):
    B, h, S, d_k = x.shape
    return x.transpose(0, 1).reshape(B, S, h * d_k)  # [h, B, S, d_k] laid into [B, S, h·d_k]


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


def _causal_int(size):
    return torch.tril(torch.ones(size, size, dtype=torch.long))


def _causal_extra_axes(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))[None, None]  # [1, 1, size, size]


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


def _decoder_or(x, pad_id=0):
    return _keys(x, pad_id)[:, None, None, :] | _lower(x.size(-1))


def _decoder_not_bool(x, pad_id=0):
    return _keys(x, pad_id)[:, None, None, :].float() * torch.tril(torch.ones(x.size(-1), x.size(-1)))


# ---------------------------------------------------------------- multi_head_attention
def _mha_reshape_split(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    def reshape_split(t, heads):
        B, S, d_model = t.shape
        return t.reshape(B, heads, S, d_model // heads)

    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, split=reshape_split)


def _mha_merge_no_transpose(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, merge=_merge_no_transpose)


def _mha_scale_by_d_model(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask,
                divisor=lambda Q, K: math.sqrt(query.size(-1)))


def _mha_mask_inverted(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, hide=lambda mask: torch.as_tensor(mask) != 0)


def _mha_no_output_weight(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, output_weight=False)


def _mha_weights_transposed(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    output, p_attn = mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, project=lambda t, W: t @ W.T,
                          output_weight=False)
    return output @ W_o.T, p_attn


def _mha_weights_averaged(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, average_weights=True)


def _mha_fill_minus_inf(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, fill=float("-inf"))


def _mha_no_scaling(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, divisor=lambda Q, K: 1.0)


def _mha_divide_by_d_k(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, divisor=lambda Q, K: Q.size(-1))


def _mha_scale_by_num_heads(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, divisor=lambda Q, K: math.sqrt(num_heads))


def _mha_scale_by_num_keys(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, divisor=lambda Q, K: math.sqrt(K.size(-2)))


def _mha_fill_zero(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, fill=0.0)


def _mha_mask_after_softmax(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, mask_after_softmax=True)


def _mha_softmax_over_queries(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, softmax_dim=-2)


def _mha_mask_unsqueezed(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    return mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask, reshape_mask=lambda mask: mask.unsqueeze(1))


def _mha_outputs_swapped(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    output, p_attn = mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask)
    return p_attn, output



def _head_size(named) -> int:
    """d_k of one head: the query weight's width shared by the heads."""
    return named["W_q"].shape[-1] // named["num_heads"]


def _decoder_causal_negated(x, pad_id=0):
    return _keys(x, pad_id)[:, None, None, :] & ~_lower(x.size(-1))


def _mha_query_residual(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask=None):
    output, weights = mha(query, key, value, W_q, W_k, W_v, W_o, num_heads, mask)
    return output + query, weights


MISCONCEPTIONS = [
    # split_heads
    Misconception("split_heads", "reshape_no_transpose", _split_reshape_only,
                  "reshape(B, h, S, d_k) 하나로 나눴습니다. 모양은 맞지만 값이 메모리 순서대로 다시 채워져서, "
                  "한 머리의 줄에 다른 자리의 좌표가 섞입니다 "
                  "(강의의 주소 텐서에서 머리 1의 넷째 줄이 자리 1의 [10, 11]). "
                  "마지막 축만 view(B, S, h, d_k)로 쪼갠 뒤 transpose(1, 2)로 머리 축을 앞으로 옮기세요.",
                  _SPLIT),
    Misconception("split_heads", "no_transpose", _split_no_transpose,
                  "view(B, S, h, d_k)까지만 하고 transpose를 빠뜨려 모양이 [B, S, h, d_k]입니다. 머리마다 어텐션을 "
                  "하려면 머리 축이 자리 축 앞에 와야 합니다: [B, h, S, d_k].",
                  _SPLIT),
    Misconception("split_heads", "interleaved_heads", _split_interleaved,
                  "좌표를 머리들에 한 개씩 돌려 가며 나눴습니다 (view(B, S, d_k, h)). 머리 k의 몫은 이어진 좌표 "
                  "k·d_k … (k+1)·d_k − 1입니다: 마지막 축을 [h, d_k] 순서로 쪼개세요.",
                  _SPLIT),
    Misconception("split_heads", "view_d_k_then_h", _split_view_d_k_then_h,
                  "마지막 축을 view(B, S, d_k, h)로, 곧 h와 d_k의 순서를 바꿔 쪼갠 뒤 transpose(1, 2)를 했습니다. "
                  "그래서 모양이 [B, d_k, S, h]이고 (강의의 주소 텐서라면 [1, 2, 4, 3]) 머리마다 이어진 좌표를 "
                  "가져가지도 "
                  "않습니다. view(B, S, h, d_k) 다음 transpose(1, 2)입니다.",
                  _SPLIT),
    Misconception("split_heads", "transpose_last_two", _split_transpose_last_two,
                  "view(B, S, h, d_k) 다음 transpose(-2, -1)로 마지막 두 축을 바꿨습니다 (K.transpose(-2, -1)처럼). "
                  "그러면 [B, S, d_k, h]가 됩니다. 머리 축을 자리 축 앞으로 옮기는 것이라 축 1과 2를 바꿉니다: "
                  "transpose(1, 2) → [B, h, S, d_k].",
                  _SPLIT),
    Misconception("split_heads", "heads_first", _split_heads_first,
                  "머리마다 자른 조각(chunk)을 torch.stack으로 맨 앞 축에 쌓아 [h, B, S, d_k]가 되었습니다. 머리 "
                  "축은 "
                  "문장 축 다음, 둘째 축입니다: torch.stack(…, dim=1), 또는 view(B, S, h, d_k) 다음 transpose(1, 2).",
                  _SPLIT),
    # merge_heads
    Misconception("merge_heads", "no_transpose", _merge_no_transpose,
                  "transpose 없이 view(B, S, h·d_k)로 바로 붙였습니다. 모양은 맞지만 한 머리의 여러 자리가 한 줄로 "
                  "붙어 자리와 머리가 섞입니다. 먼저 transpose(1, 2)로 [B, S, h, d_k]를 만든 뒤 붙이세요.",
                  _MERGE),
    Misconception("merge_heads", "no_contiguous", _merge_no_contiguous,
                  "transpose 뒤에 contiguous() 없이 view를 불렀습니다. transpose는 읽는 순서(보폭)만 바꾸므로 "
                  "view가 \"view size is not compatible\" 오류를 냅니다. "
                  "transpose(1, 2).contiguous().view(…)로 쓰세요 (reshape도 됩니다).",
                  _MERGE),
    Misconception("merge_heads", "heads_averaged", _merge_heads_averaged,
                  "머리들의 결과를 평균했습니다. 그러면 좌표가 d_k개로 줄어 [B, S, d_k]가 됩니다. 멀티 헤드는 "
                  "머리들의 결과를 나란히 이어 붙여(concatenate) [B, S, h·d_k] = [B, S, d_model]로 되돌립니다.",
                  _MERGE),
    Misconception("merge_heads", "heads_summed", _merge_heads_summed,
                  "머리들의 결과를 더했습니다 (sum(dim=1)). 그러면 좌표가 d_k개로 줄어 [B, S, d_k]가 되고, 머리마다 "
                  "따로 본 것이 한데 섞입니다. 머리들을 나란히 이어 붙여 [B, S, h·d_k]로 되돌리세요.",
                  _MERGE),
    Misconception("merge_heads", "interleaved", _merge_interleaved,
                  "permute(0, 2, 3, 1)처럼 좌표 축을 머리 축 앞에 두고 붙였습니다. 모양은 맞지만 한 줄 안에서 "
                  "머리들이 "
                  "좌표마다 번갈아 놓입니다 (머리 1의 좌표 0, 머리 2의 좌표 0, …). 자리 s의 줄은 머리 1의 d_k개, "
                  "그다음 머리 2의 d_k개 … 순서여야 split_heads를 거꾸로 한 것이 됩니다: transpose(1, 2)로 [B, S, "
                  "h, d_k].",
                  _MERGE),
    Misconception("merge_heads", "along_positions", _merge_along_positions,
                  "머리들을 자리 축(dim=1)으로 이어 붙여 [B, h·S, d_k]가 되었습니다. 머리들의 결과는 같은 자리끼리 "
                  "좌표 축(마지막 축)으로 이어 붙입니다: [B, S, h·d_k].",
                  _MERGE),
    Misconception("merge_heads", "view_only", _merge_view_only,
                  "transpose 없이 x.view(B, S, h·d_k)로 바로 붙였습니다. 메모리가 이어진 입력에서는 모양만 맞고 "
                  "자리와 "
                  "머리가 섞이며, split_heads의 결과처럼 이어져 있지 않은 입력에서는 view가 오류를 냅니다. "
                  "transpose(1, 2).contiguous().view(B, S, h·d_k)로 쓰세요.",
                  _MERGE),
    Misconception("merge_heads", "last_two_swapped", _merge_last_two_swapped,
                  "머리 축과 자리 축이 아니라 마지막 두 축(자리, 좌표)을 바꾸어 [B, h, d_k, S]를 만든 뒤 붙였습니다. "
                  "그것을 [B, S, h·d_k]로 펴면 모양은 맞아도 한 줄에 여러 자리의 값이 섞입니다. 바꿀 것은 머리 "
                  "축(1)과 자리 축(2)입니다: transpose(1, 2).",
                  _MERGE),
    Misconception("merge_heads", "batch_heads_swapped", _merge_batch_heads_swapped,
                  "transpose(1, 2) 대신 transpose(0, 1)로 문장 축과 머리 축을 바꾼 뒤 붙였습니다. [h, B, S, d_k]를 "
                  "[B, S, h·d_k]로 펴면 모양은 맞아도 한 줄에 다른 문장, 다른 자리의 값이 섞입니다. 바꿀 것은 머리 "
                  "축(1)과 자리 축(2)입니다: transpose(1, 2).",
                  _MERGE),
    # causal_mask
    Misconception("causal_mask", "hides_diagonal", _causal_hides_diagonal,
                  "대각선까지 가렸습니다 (tril(…, diagonal=-1)). 낱말은 자기 자신은 볼 수 있어야 합니다: Key 자리 ≤ "
                  "Query 자리이면 True입니다. 지금은 첫 줄에 볼 수 있는 칸이 하나도 없습니다.",
                  _CAUSAL),
    Misconception("causal_mask", "shows_next", _causal_shows_next,
                  "한 칸 앞의 미래까지 보여 줍니다 (tril(…, diagonal=1)). 다음 낱말을 맞히는 모델이 바로 그 정답을 "
                  "보게 됩니다. 대각선과 그 아래만 True여야 합니다 (diagonal=0).",
                  _CAUSAL),
    Misconception("causal_mask", "triu", _causal_triu,
                  "torch.triu(위 삼각형)를 썼습니다. 그러면 거꾸로 미래만 보고 과거를 가립니다. 볼 수 있는 칸은 "
                  "아래 삼각형, torch.tril입니다.",
                  _CAUSAL),
    Misconception("causal_mask", "inverted", _causal_inverted,
                  "True와 False가 반대입니다: 미래 칸이 True입니다 (nn.MultiheadAttention의 attn_mask처럼 "
                  "True = 가림). 이 과정의 마스크는 True = 볼 수 있음입니다.",
                  _TORCH,
                  changes_result=result_as(torch.logical_not)),
    Misconception("causal_mask", "not_bool", _causal_not_bool,
                  "모양과 값은 맞지만 True/False(bool)가 아니라 실수 0/1 텐서입니다. "
                  "torch.ones(…, dtype=torch.bool)로 만들거나 .bool()로 바꿔 돌려주세요.",
                  _CAUSAL),
    Misconception("causal_mask", "int_not_bool", _causal_int,
                  "모양과 값은 맞지만 True/False(bool)가 아니라 정수 0/1 텐서입니다. "
                  "torch.ones(…, dtype=torch.bool)로 만들거나 .bool()로 바꿔 돌려주세요.",
                  _CAUSAL),
    Misconception("causal_mask", "extra_axes", _causal_extra_axes,
                  "아래 삼각형은 맞지만 앞에 축을 둘 붙여 [1, 1, size, size]를 돌려줍니다. causal_mask는 [size, "
                  "size]이고, "
                  "점수표 [B, h, S, S]와는 브로드캐스팅이 알아서 맞춥니다 (패딩 마스크와 묶는 것은 decoder_mask의 "
                  "일).",
                  _CAUSAL),
    # decoder_mask
    Misconception("decoder_mask", "padding_3d", _decoder_padding_3d,
                  "3강의 패딩 마스크 [B, 1, S]를 그대로 돌려줬습니다. 미래 가리기가 빠졌고, 모양도 머리 축 자리가 "
                  "없어 점수표 [B, h, S, S]와 맞출 때 문장 축이 머리 축에 놓입니다 (문장 수와 머리 수가 같으면 오류도 "
                  "없이). [B, 1, S, S]여야 합니다.",
                  _PER_HEAD_MASK),
    Misconception("decoder_mask", "no_head_axis", _decoder_no_head_axis,
                  "마스크가 [B, S, S]입니다. 머리 축 자리가 없으면 [B, h, S, S]와 맞출 때 문장 축이 머리 축에 "
                  "놓입니다. 패딩 마스크를 [B, 1, 1, S]로 만든 뒤 [S, S]와 & 로 묶어 [B, 1, S, S]를 만드세요.",
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
                  "True와 False가 반대입니다 (nn.MultiheadAttention처럼 True = 가림). 이 과정의 마스크는 볼 수 있는 "
                  "칸이 True입니다.",
                  _TORCH,
                  changes_result=result_as(torch.logical_not)),
    Misconception("decoder_mask", "padding_on_queries", _decoder_padding_on_queries,
                  "패딩 마스크로 Query 축(줄)을 가렸습니다 ([B, 1, S, 1]; Key 축과 함께 가려도 결과가 같습니다). "
                  "[PAD]는 "
                  "Key로 참고하지 못하게 하는 것이라 열만 가립니다: [B, 1, 1, S] & causal_mask(S).",
                  _DECODER),
    Misconception("decoder_mask", "ignores_pad_id", _decoder_ignores_pad_id,
                  "pad_id 인자를 쓰지 않고 0과 비교했습니다. [PAD] 번호가 0이 아닌 어휘집에서도 맞도록 pad_id와 "
                  "비교하세요.",
                  _DECODER),
    Misconception("decoder_mask", "or_not_and", _decoder_or,
                  "두 마스크를 & 가 아니라 | 로 묶었습니다. 그러면 둘 중 하나만 허락해도 True가 되어, [PAD] 열이 "
                  "대각선 "
                  "아래에서 보이고 미래의 실제 낱말도 보입니다. 칸은 [PAD]가 아니고 그리고 과거일 때만 True입니다: "
                  "패딩 마스크 & causal_mask(S).",
                  _DECODER),
    Misconception("decoder_mask", "not_bool", _decoder_not_bool,
                  "모양과 값은 맞지만 True/False(bool)가 아니라 실수 0/1 텐서입니다 (float 마스크를 곱해 묶은 꼴). "
                  "bool 끼리 & 로 묶으면 결과도 bool입니다: (x != pad_id)[:, None, None, :] & causal_mask(S).",
                  _DECODER),
    Misconception("multi_head_attention", "reshape_split", _mha_reshape_split,
                  "머리를 reshape(B, h, S, d_k) 하나로 나눴습니다. 한 머리의 줄에 다른 자리의 좌표가 섞여 비율표가 "
                  "낱말 사이의 관계를 뜻하지 않습니다. view(B, S, h, d_k) 다음 transpose(1, 2)로 나누세요.",
                  _SPLIT),
    Misconception("multi_head_attention", "merge_no_transpose", _mha_merge_no_transpose,
                  "머리들의 결과를 합칠 때 transpose로 되돌리지 않고 바로 view로 붙였습니다. 자리와 머리가 섞입니다. "
                  "transpose(1, 2).contiguous().view(B, S, d_model)로 합치세요.",
                  _MERGE),
    Misconception("multi_head_attention", "scale_by_d_model", _mha_scale_by_d_model,
                  "점수를 √d_model로 나눴습니다. 머리마다의 점수는 좌표 d_k = d_model / h개의 곱을 더한 것이라 "
                  "√d_k로 나눕니다 (강의의 두 머리 예에서는 √2가 아니라 √1).",
                  CHAPTER.section("1. 머리 하나로는 왜 모자랄까", "√d_k = √1로 나누기"),
                  credit=SCALE_ONLY),
    Misconception("multi_head_attention", "mask_inverted", _mha_mask_inverted,
                  "마스크가 True(1)인 칸을 가렸습니다 (nn.MultiheadAttention의 key_padding_mask 약속). 이 과정의 "
                  "마스크는 True = 볼 수 있음이라, mask == 0인 점수를 -1e9로 바꿉니다.",
                  _TORCH,
                  changes_arguments=mask_inverted('mask')),
    Misconception("multi_head_attention", "no_output_weight", _mha_no_output_weight,
                  "합친 결과에 W_o를 곱하지 않았습니다. 합친 것만으로는 좌표 0…d_k−1이 머리 1에서만 옵니다. "
                  "마지막에 @ W_o로 머리들의 결과를 섞어야 멀티 헤드 어텐션의 출력입니다.",
                  _MHA),
    Misconception("multi_head_attention", "weights_transposed", _mha_weights_transposed,
                  "가중치를 전치해서 x @ W.T로 곱했습니다 (nn.Linear나 in_proj_weight의 약속). 이 문제의 가중치는 "
                  "[d_model, d_model]을 x @ W로 곱합니다.",
                  _MHA),
    Misconception("multi_head_attention", "weights_averaged", _mha_weights_averaged,
                  "p_attn을 머리들에 대해 평균해 [B, S_q, S_k]로 돌려줬습니다 (nn.MultiheadAttention의 기본값). "
                  "머리마다의 비율표 [B, h, S_q, S_k]를 그대로 돌려주세요.",
                  _MHA),
    Misconception("multi_head_attention", "fill_minus_inf", _mha_fill_minus_inf,
                  "가린 점수를 -inf로 채웠습니다. 모든 Key가 가려진 줄(문장 전체가 [PAD])에서 softmax가 0/0이 되어 "
                  "NaN이 나옵니다. 유한한 큰 음수 -1e9를 쓰면 그런 줄은 고른 비율이 됩니다.",
                  CHAPTER.section("9. torch.nn.MultiheadAttention과 견주기", "모든 Key가 가려진 줄")),
    Misconception("multi_head_attention", "no_scaling", _mha_no_scaling,
                  "점수를 √d_k로 나누지 않았습니다. 머리마다 점수 Q·Kᵀ를 √d_k (d_k = d_model / h)로 나눈 뒤 "
                  "softmax를 해야 비율이 한 칸으로 몰리지 않습니다.",
                  _HEAD_SCALE,
                  changes_arguments=unscaled('W_q', _head_size),
                  credit=SCALE_ONLY),
    Misconception("multi_head_attention", "divide_by_d_k", _mha_divide_by_d_k,
                  "점수를 √d_k가 아니라 d_k로 나눴습니다. d_k의 제곱근으로 나눕니다 (강의의 d_k = 2라면 2가 "
                  "아니라 "
                  "√2 ≈ 1.41).",
                  _HEAD_SCALE,
                  credit=SCALE_ONLY),
    Misconception("multi_head_attention", "scale_by_num_heads", _mha_scale_by_num_heads,
                  "점수를 √h (머리 수 num_heads의 제곱근)로 나눴습니다. 나누는 수는 머리 하나의 좌표 수 "
                  "d_k = d_model / h의 제곱근 √d_k입니다.",
                  _HEAD_SCALE,
                  credit=SCALE_ONLY),
    Misconception("multi_head_attention", "scale_by_num_keys", _mha_scale_by_num_keys,
                  "점수를 Key의 개수 S_k의 제곱근으로 나눴습니다. d_k는 낱말 수가 아니라 머리 하나의 좌표 수, "
                  "곧 Q.size(-1) = d_model / h입니다.",
                  _HEAD_SCALE,
                  credit=SCALE_ONLY),
    Misconception("multi_head_attention", "fill_zero", _mha_fill_zero,
                  "가릴 칸의 점수를 0으로 바꿨습니다. softmax에서 e⁰ = 1이라 가린 Key도 비율을 받습니다. "
                  "mask == 0인 점수는 아주 작은 수 -1e9로 바꿔야 비율이 0이 됩니다.",
                  _MASKED),
    Misconception("multi_head_attention", "mask_after_softmax", _mha_mask_after_softmax,
                  "softmax를 한 뒤에 가릴 칸의 비율을 0으로 지웠습니다. 그러면 줄마다 합이 1이 되지 않습니다. "
                  "마스크는 softmax 전에 점수에 씌웁니다: 가릴 점수를 -1e9로 바꾼 뒤 softmax.",
                  _MASKED),
    Misconception("multi_head_attention", "softmax_over_queries", _mha_softmax_over_queries,
                  "softmax를 dim=-2 (Query 축, 열마다)로 했습니다. 비율표는 줄마다, 곧 한 Query가 모든 Key에 "
                  "나눠 주는 비율이라 마지막 축(dim=-1)으로 softmax 합니다.",
                  _ROWS),
    Misconception("multi_head_attention", "mask_unsqueezed", _mha_mask_unsqueezed,
                  "마스크에 unsqueeze(1)을 한 번 더 했습니다 (Annotated Transformer의 MultiHeadedAttention처럼). "
                  "이 문제의 마스크는 이미 [B, 1, 1, S_k]나 [B, 1, S_q, S_k]처럼 점수표 [B, h, S_q, S_k]에 맞는 "
                  "모양으로 오므로, 축을 더하면 결과의 모양이 틀리거나 오류가 납니다. 받은 마스크를 그대로 씌우세요.",
                  _MASK_AS_GIVEN),
    Misconception("multi_head_attention", "outputs_swapped", _mha_outputs_swapped,
                  "두 값은 맞지만 (p_attn, output) 순서로 돌려줍니다. (output, p_attn) 순서입니다: 먼저 "
                  "[B, S_q, d_model] 출력, 그다음 머리마다의 비율표 [B, h, S_q, S_k].",
                  _MHA,
                  changes_result=items_swapped()),
    Misconception("decoder_mask", "causal_negated", _decoder_causal_negated,
                  "causal_mask를 '가릴 칸'으로 여겨 ~causal_mask(S)와 묶었습니다. 그러면 과거와 자기 자신이 가려지고 "
                  "미래가 보입니다. causal_mask는 이미 볼 수 있는 칸이 True인 표라서 뒤집지 않고 & 로 묶습니다.",
                  _DECODER),
    Misconception("multi_head_attention", "query_residual", _mha_query_residual,
                  "W_o를 곱한 결과에 query를 한 번 더 더해 돌려줬습니다. 잔차 연결(입력을 더하기)은 6강의 인코더 층이 "
                  "하는 일이고, multi-head 어텐션은 W_o를 곱한 결과까지입니다.",
                  _MHA),
]
