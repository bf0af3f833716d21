"""Misconceptions of ch03: encode, positional_encoding, padding_mask, masked_attention.

Each variant is the reference with one thing done the way students most often get it wrong.
"""

from __future__ import annotations

import math

import torch

from helpers.grading.ch03 import CHAPTER
from helpers.misconceptions.entry import Misconception
from helpers.reference import MASK_FILL


# ---------------------------------------------------------------- encode
def _encode_no_padding(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len} 보다 깁니다")
    return [vocab[word] for word in words]


def _encode_pad_in_front(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len} 보다 깁니다")
    return [vocab[pad]] * (max_len - len(words)) + [vocab[word] for word in words]


def _encode_pad_id_zero(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len} 보다 깁니다")
    return [vocab[word] for word in words] + [0] * (max_len - len(words))


# ---------------------------------------------------------------- positional_encoding
def _angles(max_len, d_model, exponent_of_column):
    """[max_len, d_model] of position / 10000^(exponent_of_column(j) / d_model), in float64."""
    position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)  # [max_len, 1]
    exponent = torch.tensor([exponent_of_column(j) for j in range(d_model)], dtype=torch.float64)
    return position / 10000.0 ** (exponent / d_model)  # [max_len, d_model]


def _sin_even_cos_odd(angles):
    pe = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles[:, 1::2])
    return pe.float()


def _pe_sin_cos_swapped(max_len, d_model):
    angles = _angles(max_len, d_model, lambda j: j - j % 2)
    pe = torch.cos(angles)
    pe[:, 1::2] = torch.sin(angles[:, 1::2])
    return pe.float()


def _pe_halves(max_len, d_model):
    half = d_model // 2
    angles = _angles(max_len, d_model, lambda j: 2 * j)[:, :half]  # column i of the half: exponent 2i / d_model
    return torch.cat([torch.sin(angles), torch.cos(angles)], dim=1).float()


def _pe_column_exponent(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: j))


def _pe_missing_two(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: j // 2))


def _pe_position_from_one(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len + 1, d_model, lambda j: j - j % 2)[1:])


# ---------------------------------------------------------------- padding_mask
def _mask_inverted(x, pad_id=0):
    return (x == pad_id).unsqueeze(-2)


def _mask_no_middle_axis(x, pad_id=0):
    return x != pad_id


def _mask_query_axis(x, pad_id=0):
    return (x != pad_id).unsqueeze(-1)


def _mask_not_bool(x, pad_id=0):
    return (x != pad_id).unsqueeze(-2).long()


def _mask_ignores_pad_id(x, pad_id=0):
    return (x != 0).unsqueeze(-2)


# ---------------------------------------------------------------- masked_attention
def _attend(query, key, value, mask, *, scale_dim=None, fill=MASK_FILL, keep=lambda mask: mask != 0,
            after_softmax=False):
    """The reference attention with one step changeable."""
    d = query.size(-1) if scale_dim is None else scale_dim
    scores = query @ key.transpose(-2, -1) / math.sqrt(d)  # [..., S_q, S_k]
    if mask is not None and not after_softmax:
        scores = scores.masked_fill(~keep(torch.as_tensor(mask)), fill)
    p_attn = torch.softmax(scores, dim=-1)
    if mask is not None and after_softmax:
        p_attn = p_attn.masked_fill(~keep(torch.as_tensor(mask)), 0.0)
    return p_attn @ value, p_attn


def _attention_mask_inverted(query, key, value, mask=None):
    return _attend(query, key, value, mask, keep=lambda mask: mask == 0)


def _attention_mask_on_queries(query, key, value, mask=None):
    return _attend(query, key, value, mask, keep=lambda mask: mask.transpose(-2, -1) != 0)


def _attention_mask_after_softmax(query, key, value, mask=None):
    return _attend(query, key, value, mask, after_softmax=True)


def _attention_fill_zero(query, key, value, mask=None):
    return _attend(query, key, value, mask, fill=0.0)


def _attention_fill_minus_inf(query, key, value, mask=None):
    return _attend(query, key, value, mask, fill=float("-inf"))


def _attention_no_scaling(query, key, value, mask=None):
    return _attend(query, key, value, mask, scale_dim=1)


def _attention_scale_by_d_v(query, key, value, mask=None):
    return _attend(query, key, value, mask, scale_dim=value.size(-1))


MISCONCEPTIONS = [
    # encode
    Misconception("encode", "no_padding", _encode_no_padding,
                  "낱말 번호만 돌려주고 max_len 까지 [PAD] 번호를 채우지 않았습니다. 길이가 다른 문장을 한 텐서로 "
                  "묶으려면 모든 문장이 max_len 개의 번호를 가져야 합니다.",
                  CHAPTER.section('1. 어휘집과 문장 묶음', '짧은 문장 뒤에 [PAD] 를 붙이는 부분')),
    Misconception("encode", "pad_in_front", _encode_pad_in_front,
                  "[PAD] 를 문장 앞에 채웠습니다. 이 과정에서는 실제 낱말이 0번 자리부터 오고, 남는 자리(뒤쪽)를 "
                  "[PAD] 로 채웁니다.",
                  CHAPTER.section('1. 어휘집과 문장 묶음', "'나는 집에 간다 [PAD]'")),
    Misconception("encode", "pad_id_zero", _encode_pad_id_zero,
                  "패딩 번호를 0 으로 고정했습니다. 패딩 번호는 vocab[pad] 에서 읽어야 합니다: 어휘집에 따라 "
                  "[PAD] 가 0 이 아닐 수 있고, pad 인자로 다른 패딩 토큰을 줄 수도 있습니다.",
                  CHAPTER.section('1. 어휘집과 문장 묶음', '어휘집 표')),
    # positional_encoding
    Misconception("positional_encoding", "sin_cos_swapped", _pe_sin_cos_swapped,
                  "sin 과 cos 의 자리가 바뀌었습니다. 짝수 열(0, 2, 4, …)이 sin, 홀수 열(1, 3, 5, …)이 cos 입니다. "
                  "그래서 0번 위치의 벡터가 [0, 1, 0, 1, …] 입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3 의 표')),
    Misconception("positional_encoding", "sin_cos_halves", _pe_halves,
                  "앞쪽 절반 열에 sin, 뒤쪽 절반 열에 cos 를 모아 놓았습니다. 이 과정에서는 sin 과 cos 가 "
                  "한 열씩 번갈아 나옵니다: 열 2i 는 sin, 열 2i+1 은 같은 주파수의 cos 입니다.",
                  CHAPTER.section('3. 위치 인코딩', "열 이름 '0 (sin)', '1 (cos)', …")),
    Misconception("positional_encoding", "column_exponent", _pe_column_exponent,
                  "홀수 열의 주파수를 열 번호 j 로 계산했습니다 (10000^(j/d_model)). 열 2i 와 열 2i+1 은 같은 "
                  "지수 2i/d_model 을 나누어 씁니다. 그래서 열 1 의 값은 cos(pos) 입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "missing_two", _pe_missing_two,
                  "지수를 i/d_model 로 계산했습니다. 공식의 지수는 2i/d_model 입니다: 열 2i 와 2i+1 이 "
                  "10000^(2i/d_model) 을 나눠 쓰므로, 열 번호로 쓰면 짝수 열 번호 그대로(0, 0, 2, 2, 4, 4, …)입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "position_from_one", _pe_position_from_one,
                  "위치를 1 부터 셌습니다. 첫 낱말의 위치는 0 이라서 0번 줄은 [0, 1, 0, 1, …] 입니다.",
                  CHAPTER.section('3. 위치 인코딩', '위치 0~3 의 표')),
    # padding_mask
    Misconception("padding_mask", "inverted", _mask_inverted,
                  "True 와 False 가 반대입니다: [PAD] 자리가 True 입니다. 이 과정의 마스크는 '볼 수 있는 자리'를 "
                  "True 로 둡니다 (x != pad_id).",
                  CHAPTER.section('5. 패딩 마스크', '마스크 표')),
    Misconception("padding_mask", "no_middle_axis", _mask_no_middle_axis,
                  "마스크가 [batch, seq] 입니다. 가운데 축이 없으면 점수표 [batch, seq, seq] 와 맞출 때 문장 축이 "
                  "Query 축으로 잘못 정렬됩니다. unsqueeze 로 [batch, 1, seq] 를 만드세요.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1 이 없으면 생기는 일')),
    Misconception("padding_mask", "query_axis", _mask_query_axis,
                  "마스크가 [batch, seq, 1] 입니다. 이 모양은 Key 가 아니라 Query(점수표의 줄)를 가립니다. "
                  "[PAD] 를 Key 로 참고하지 못하게 하려면 [batch, 1, seq] 여야 합니다.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1 이 모든 Query 에 퍼지는 그림')),
    Misconception("padding_mask", "not_bool", _mask_not_bool,
                  "모양과 값은 맞지만 True/False (bool) 가 아니라 숫자 텐서입니다. 비교 결과 x != pad_id 를 "
                  "숫자로 바꾸지 말고 그대로 돌려주세요.",
                  CHAPTER.section('5. 패딩 마스크')),
    Misconception("padding_mask", "ignores_pad_id", _mask_ignores_pad_id,
                  "pad_id 인자를 쓰지 않고 0 과 비교했습니다. 패딩 번호가 0 이 아닌 어휘집에서도 맞도록 pad_id 와 "
                  "비교하세요.",
                  CHAPTER.section('5. 패딩 마스크')),
    # masked_attention
    Misconception("masked_attention", "mask_inverted", _attention_mask_inverted,
                  "마스크가 True(1) 인 자리, 곧 실제 낱말을 가렸습니다. 가릴 곳은 마스크가 False(0) 인 [PAD] "
                  "자리입니다: mask == 0 인 점수를 -1e9 로 바꿉니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '점수 가리기')),
    Misconception("masked_attention", "mask_on_queries", _attention_mask_on_queries,
                  "마스크를 Query 축(점수표의 줄)에 적용했습니다. 패딩 마스크 [batch, 1, S_k] 는 Key 축(열)을 "
                  "가립니다: 모든 Query 가 [PAD] 열을 보지 못하게 됩니다. 마스크를 전치하지 말고 그대로 쓰세요.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1 이 모든 Query 에 퍼지는 그림')),
    Misconception("masked_attention", "mask_after_softmax", _attention_mask_after_softmax,
                  "softmax 를 먼저 하고 그 비율을 0 으로 지웠습니다. 그러면 줄의 합이 1 보다 작아집니다. "
                  "마스크는 softmax 앞에서 점수를 -1e9 로 바꾸는 것입니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '점수 → 마스크 → softmax 순서')),
    Misconception("masked_attention", "fill_zero", _attention_fill_zero,
                  "가린 점수를 0 으로 채웠습니다. 점수 0 은 e^0 = 1 이라 [PAD] 도 비율을 받습니다. softmax 뒤에 "
                  "0 이 되려면 점수를 아주 큰 음수(-1e9)로 바꿔야 합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '[PAD] 열이 정확히 0 이 되는 이유')),
    Misconception("masked_attention", "fill_minus_inf", _attention_fill_minus_inf,
                  "가린 점수를 -inf 로 채웠습니다. 모든 Key 가 [PAD] 인 줄은 softmax 가 0/0 이 되어 NaN 이 "
                  "나옵니다. 유한한 큰 음수 -1e9 를 쓰면 그런 줄은 고른 비율이 됩니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '모든 Key 가 [PAD] 인 줄')),
    Misconception("masked_attention", "no_scaling", _attention_no_scaling,
                  "점수를 √d_k 로 나누지 않았습니다. 마스크 어텐션도 Q·Kᵀ/√d_k 에서 시작합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '첫 단계 (2장 · √d_k)')),
    Misconception("masked_attention", "scale_by_d_v", _attention_scale_by_d_v,
                  "점수를 value 의 차원 d_v 의 제곱근으로 나누었습니다. 나누는 값은 query 와 key 의 마지막 차원 "
                  "d_k 의 제곱근입니다 (d_v 와 d_k 는 다를 수 있습니다).",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'd_k = query.size(-1)')),
]
