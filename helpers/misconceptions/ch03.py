"""Misconceptions of ch03: encode, positional_encoding, padding_mask, masked_attention.

Each variant is the reference with one thing done the way students most often get it wrong.
"""

from __future__ import annotations

import math

import torch

from helpers.chapters import CH03 as CHAPTER
from helpers.misconceptions.changes import (
    divided_by_root_of,
    items_swapped,
    mask_inverted,
    result_as,
    unscaled,
)
from helpers.misconceptions.entry import SCALE_ONLY, Misconception
from helpers.reference import MASK_FILL


# ---------------------------------------------------------------- encode
def _word_ids(words, vocab, max_len):
    """The ids of the words, with the length check every variant below keeps."""
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len}보다 깁니다")
    return [vocab[word] for word in words]


def _encode_no_padding(words, vocab, max_len, pad="[PAD]"):
    return _word_ids(words, vocab, max_len)


def _encode_pad_in_front(words, vocab, max_len, pad="[PAD]"):
    return [vocab[pad]] * (max_len - len(words)) + _word_ids(words, vocab, max_len)


def _encode_pad_id_zero(words, vocab, max_len, pad="[PAD]"):
    return _word_ids(words, vocab, max_len) + [0] * (max_len - len(words))


def _encode_returns_tensor(words, vocab, max_len, pad="[PAD]"):
    return torch.tensor(_word_ids(words, vocab, max_len) + [vocab[pad]] * (max_len - len(words)))


def _encode_pads_with_token(words, vocab, max_len, pad="[PAD]"):
    return _word_ids(words, vocab, max_len) + [pad] * (max_len - len(words))  # the token, not its id


def _encode_ignores_pad_argument(words, vocab, max_len, pad="[PAD]"):
    return _word_ids(words, vocab, max_len) + [vocab["[PAD]"]] * (max_len - len(words))  # KeyError for "<pad>"


def _encode_list_only(words, vocab, max_len, pad="[PAD]"):
    if len(words) > max_len:
        raise ValueError(f"문장의 낱말이 {len(words)}개로 max_len={max_len}보다 깁니다")
    padded = words + [pad] * (max_len - len(words))  # a tuple of words + a list: TypeError
    return [vocab[word] for word in padded]


def _encode_truncates(words, vocab, max_len, pad="[PAD]"):
    ids = [vocab[word] for word in words][:max_len]  # no length check: a long sentence is cut silently
    return ids + [vocab[pad]] * (max_len - len(ids))


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


def _pe_sin_only(max_len, d_model):
    return torch.sin(_angles(max_len, d_model, lambda j: j - j % 2)).float()


def _pe_doubled_column_index(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: 2 * j))  # i taken as the column number j


def _pe_exponent_floor_divided(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: 0))  # 2i // d_model is 0 for every 2i < d_model


def _pe_exponent_unbracketed(max_len, d_model):
    """In float32, as the lecture computes: its angles reach max_len · d_model, where float32 and float64 differ."""
    position = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    exponent = torch.tensor([j - j % 2 for j in range(d_model)], dtype=torch.float32)
    angles = position / (10000.0 ** exponent / d_model)  # 10000 ** 2i / d_model
    pe = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles[:, 1::2])
    return pe


def _pe_extra_batch_axis(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: j - j % 2)).unsqueeze(0)  # [1, max_len, d_model]


def _pe_returns_numpy(max_len, d_model):
    return _sin_even_cos_odd(_angles(max_len, d_model, lambda j: j - j % 2)).double().numpy()


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


def _mask_front_axis(x, pad_id=0):
    return (x != pad_id).unsqueeze(0)


def _mask_greater_than_pad(x, pad_id=0):
    return (x > pad_id).unsqueeze(-2)


# ---------------------------------------------------------------- masked_attention
def _attend(query, key, value, mask, *, scale_dim=None, fill=MASK_FILL, keep=lambda mask: mask != 0,
            after_softmax=False, softmax_dim=-1, key_t=lambda key: key.transpose(-2, -1)):
    """The reference attention with one step changeable."""
    d = query.size(-1) if scale_dim is None else scale_dim
    scores = query @ key_t(key) / math.sqrt(d)  # [..., S_q, S_k]
    if mask is not None and not after_softmax:
        scores = scores.masked_fill(~keep(torch.as_tensor(mask)), fill)
    p_attn = torch.softmax(scores, dim=softmax_dim)
    if mask is not None and after_softmax:
        p_attn = p_attn.masked_fill(~keep(torch.as_tensor(mask)), 0.0)
    return p_attn @ value, p_attn


def _bool_only(mask):
    """What `~mask` and masked_fill(mask, …) need: a bool mask; a 0/1 int mask raises, as it does for them."""
    if mask.dtype != torch.bool:
        raise RuntimeError("masked_fill_ only supports boolean masks")
    return mask


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


def _d_k(named) -> int:
    """d_k of masked_attention's arguments: the query's last axis."""
    return named["query"].shape[-1]


def _attention_scale_by_d_v(query, key, value, mask=None):
    return _attend(query, key, value, mask, scale_dim=value.size(-1))


def _attention_scale_by_n_keys(query, key, value, mask=None):
    return _attend(query, key, value, mask, scale_dim=key.size(-2))


def _attention_divide_by_dk(query, key, value, mask=None):
    return _attend(query, key, value, mask, scale_dim=query.size(-1) ** 2)  # ÷√(d_k²) = ÷d_k


def _attention_softmax_query_axis(query, key, value, mask=None):
    return _attend(query, key, value, mask, softmax_dim=-2)


def _attention_softmax_dim_one(query, key, value, mask=None):
    return _attend(query, key, value, mask, softmax_dim=1)


def _attention_mask_ignored(query, key, value, mask=None):
    return _attend(query, key, value, None)


def _attention_bool_mask_only(query, key, value, mask=None):
    return _attend(query, key, value, mask, keep=_bool_only)


def _attention_mask_inverted_bool_only(query, key, value, mask=None):
    return _attend(query, key, value, mask, keep=lambda mask: ~_bool_only(mask))


def _attention_only_3d(query, key, value, mask=None):
    return _attend(query, key, value, mask, key_t=lambda key: key.transpose(1, 2))


def _attention_swapped_outputs(query, key, value, mask=None):
    output, p_attn = _attend(query, key, value, mask)
    return p_attn, output


def _attention_mask_unsqueezed(query, key, value, mask=None):
    return _attend(query, key, value, mask, keep=lambda mask: mask.unsqueeze(1) != 0)



def _pe_base_1000(max_len, d_model):
    position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)
    exponent = torch.tensor([j - j % 2 for j in range(d_model)], dtype=torch.float64)
    return _sin_even_cos_odd(position / 1000.0 ** (exponent / d_model))  # a zero of 10000 left out


def _pe_exponent_over_max_len(max_len, d_model):
    position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)
    exponent = torch.tensor([j - j % 2 for j in range(d_model)], dtype=torch.float64)
    return _sin_even_cos_odd(position / 10000.0 ** (exponent / max_len))  # 2i / max_len for 2i / d_model


def _pe_multiplied_by_denominator(max_len, d_model):
    position = torch.arange(max_len, dtype=torch.float64).unsqueeze(1)
    exponent = torch.tensor([j - j % 2 for j in range(d_model)], dtype=torch.float64)
    return _sin_even_cos_odd(position * 10000.0 ** (exponent / d_model))


MISCONCEPTIONS = [
    # encode
    Misconception("encode", "no_padding", _encode_no_padding,
                  "낱말 번호만 돌려주고 max_len까지 [PAD] 번호를 채우지 않았습니다. 길이가 다른 문장을 한 텐서로 "
                  "묶으려면 모든 문장이 max_len 개의 번호를 가져야 합니다.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '짧은 문장 뒤에 [PAD]를 붙이는 부분')),
    Misconception("encode", "pad_in_front", _encode_pad_in_front,
                  "[PAD]를 문장 앞에 채웠습니다. 이 과정에서는 실제 낱말이 0번 자리부터 오고, 남는 자리(뒤쪽)를 "
                  "[PAD]로 채웁니다.",
                  CHAPTER.section('1. 어휘집과 문장 배치', "'나는 집에 간다 [PAD]'")),
    Misconception("encode", "pad_id_zero", _encode_pad_id_zero,
                  "패딩 번호를 0으로 고정했습니다. 패딩 번호는 vocab[pad]에서 읽어야 합니다: 어휘집에 따라 "
                  "[PAD]가 0이 아닐 수 있고, pad 인자로 다른 패딩 토큰을 줄 수도 있습니다.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '어휘집 표')),
    Misconception("encode", "returns_tensor", _encode_returns_tensor,
                  "번호는 맞지만 파이썬 리스트가 아니라 torch 텐서로 돌려주었습니다. encode는 문장 하나의 번호 "
                  "리스트를 돌려주고, 여러 문장을 텐서 하나로 묶는 일은 그다음에 합니다.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '번호 리스트를 묶은 [문장 4개, 자리 4개] 텐서'),
                  changes_result=result_as(torch.tensor)),
    Misconception("encode", "pads_with_token", _encode_pads_with_token,
                  "남는 자리를 [PAD]의 번호가 아니라 패딩 토큰 글자(pad) 그대로 채웠습니다. 리스트에는 번호만 "
                  "들어가야 하므로 vocab[pad]로 채웁니다.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '번호 표의 넷째 문장')),
    Misconception("encode", "ignores_pad_argument", _encode_ignores_pad_argument,
                  "패딩 번호를 인자 pad가 아니라 늘 vocab[\"[PAD]\"]에서 읽었습니다. 패딩 토큰이 \"<pad>\"처럼 "
                  "다른 어휘집에서는 KeyError가 납니다. vocab[pad]를 쓰세요.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '어휘집 표')),
    Misconception("encode", "list_only", _encode_list_only,
                  "낱말을 리스트로 받을 때만 동작합니다: 튜플로 받은 문장에 리스트를 더하면(`words + [...]`) "
                  "TypeError가 납니다. 강의의 data.SENTENCES처럼 문장은 튜플일 수도 있으니, 받은 낱말로 번호 "
                  "리스트를 새로 만들고 그 리스트에 [PAD] 번호를 덧붙이세요 (또는 list(words)로 바꾼 뒤 더하세요).",
                  CHAPTER.section('1. 어휘집과 문장 배치', '네 문장과 그 번호 표')),
    Misconception("encode", "truncates", _encode_truncates,
                  "max_len보다 긴 문장에서 ValueError를 내지 않고 앞의 max_len 개만 남겨 조용히 잘라 냈습니다. "
                  "잘린 낱말은 아무 말 없이 사라집니다. 낱말이 max_len보다 많으면 문장의 길이를 밝힌 메시지로 "
                  "ValueError를 내세요.",
                  CHAPTER.section('1. 어휘집과 문장 배치', '길이를 맞춰 한 텐서로 묶는 부분')),
    # positional_encoding
    Misconception("positional_encoding", "sin_cos_swapped", _pe_sin_cos_swapped,
                  "sin과 cos의 자리가 바뀌었습니다. 짝수 열(0, 2, 4, …)이 sin, 홀수 열(1, 3, 5, …)이 cos입니다. "
                  "그래서 0번 위치의 벡터가 [0, 1, 0, 1, …]입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3의 표')),
    Misconception("positional_encoding", "sin_cos_halves", _pe_halves,
                  "앞쪽 절반 열에 sin, 뒤쪽 절반 열에 cos을 모아 놓았습니다. 이 과정에서는 sin과 cos이 "
                  "한 열씩 번갈아 나옵니다: 열 2i는 sin, 열 2i+1은 같은 주파수의 cos입니다.",
                  CHAPTER.section('3. 위치 인코딩', "열 이름 '좌표 0 (sin)', '좌표 1 (cos)', …")),
    Misconception("positional_encoding", "column_exponent", _pe_column_exponent,
                  "홀수 열의 주파수를 열 번호 j로 계산했습니다 (10000^(j/d_model)). 열 2i와 열 2i+1은 같은 "
                  "지수 2i/d_model을 나누어 씁니다. 그래서 열 1의 값은 cos(pos)입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "missing_two", _pe_missing_two,
                  "지수를 i/d_model로 계산했습니다. 공식의 지수는 2i/d_model입니다: 열 2i와 2i+1이 "
                  "10000^(2i/d_model)을 나눠 쓰므로, 열 번호로 쓰면 짝수 열 번호 그대로(0, 0, 2, 2, 4, 4, …)입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "position_from_one", _pe_position_from_one,
                  "위치를 1부터 셌습니다. 첫 낱말의 위치는 0이라서 0번 줄은 [0, 1, 0, 1, …]입니다.",
                  CHAPTER.section('3. 위치 인코딩', '위치 0~3의 표')),
    Misconception("positional_encoding", "sin_only", _pe_sin_only,
                  "모든 열에 sin을 넣었습니다. 홀수 열(1, 3, 5, …)은 같은 분모의 cos입니다. 그래서 0번 위치의 "
                  "벡터가 [0, 0, 0, …]이 아니라 [0, 1, 0, 1, …]입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3의 표')),
    Misconception("positional_encoding", "doubled_column_index", _pe_doubled_column_index,
                  "공식의 i에 열 번호 j를 그대로 넣어 지수를 2j/d_model로 계산했습니다. i는 열 쌍의 번호라서 "
                  "열 j의 지수는 짝수로 내린 열 번호 (j - j % 2)/d_model, 곧 0, 0, 2, 2, 4, 4, … 를 d_model로 "
                  "나눈 값입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i (손으로 계산하는 칸의 two_i)')),
    Misconception("positional_encoding", "exponent_unbracketed", _pe_exponent_unbracketed,
                  "분모를 10000 ** (2 * i) / d_model처럼 지수에 괄호 없이 적었습니다. 파이썬에서 **는 /보다 먼저 "
                  "계산되므로 이것은 10000^(2i) ÷ d_model입니다. 공식의 분모는 10000^(2i/d_model), 지수 전체가 "
                  "2i/d_model입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "exponent_floor_divided", _pe_exponent_floor_divided,
                  "지수 2i/d_model을 정수 나눗셈 //로 계산했습니다. 2i는 d_model보다 작으므로 몫이 늘 0이 되어, "
                  "모든 열의 분모가 10000^0 = 1이고 각도가 위치 그대로입니다. 지수는 실수 나눗셈 /로 구합니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식의 2i')),
    Misconception("positional_encoding", "extra_batch_axis", _pe_extra_batch_axis,
                  "값은 맞지만 앞에 축을 하나 더 붙여 [1, max_len, d_model]로 돌려주었습니다. PositionalEncoding "
                  "모듈 안에서는 배치에 더하려고 그렇게 두지만, 이 함수는 표 [max_len, d_model]을 돌려줍니다.",
                  CHAPTER.section('3. 위치 인코딩', '표 전체 [max_len, d_model]'),
                  changes_result=result_as(lambda table: table.unsqueeze(0))),
    Misconception("positional_encoding", "returns_numpy", _pe_returns_numpy,
                  "값은 맞지만 torch 텐서가 아니라 numpy 배열로 돌려주었습니다. numpy로 계산했다면 마지막에 "
                  "torch.tensor(..., dtype=torch.float32)로 바꾸세요.",
                  CHAPTER.section('3. 위치 인코딩', '표 전체 [max_len, d_model]'),
                  changes_result=result_as(lambda table: table.double().numpy())),
    # padding_mask
    Misconception("padding_mask", "inverted", _mask_inverted,
                  "True와 False가 반대입니다: [PAD] 자리가 True입니다. 이 과정의 마스크는 '볼 수 있는 자리'를 "
                  "True로 둡니다 (x != pad_id).",
                  CHAPTER.section('5. 패딩 마스크', '마스크 표'),
                  changes_result=result_as(torch.logical_not)),
    Misconception("padding_mask", "no_middle_axis", _mask_no_middle_axis,
                  "마스크가 [batch, seq]입니다. 가운데 축이 없으면 점수표 [batch, seq, seq]와 맞출 때 문장 축이 "
                  "Query 축으로 잘못 정렬됩니다. unsqueeze로 [batch, 1, seq]를 만드세요.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1이 없으면 생기는 일')),
    Misconception("padding_mask", "query_axis", _mask_query_axis,
                  "마스크가 [batch, seq, 1]입니다. 이 모양은 Key가 아니라 Query(점수표의 줄)를 가립니다. "
                  "[PAD]를 Key로 참고하지 못하게 하려면 [batch, 1, seq]여야 합니다.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1이 모든 Query에 퍼지는 그림')),
    Misconception("padding_mask", "not_bool", _mask_not_bool,
                  "모양과 값은 맞지만 True/False (bool)가 아니라 숫자 텐서입니다. 비교 결과 x != pad_id를 "
                  "숫자로 바꾸지 말고 그대로 돌려주세요.",
                  CHAPTER.section('5. 패딩 마스크'),
                  changes_result=result_as(lambda mask: mask.long())),
    Misconception("padding_mask", "ignores_pad_id", _mask_ignores_pad_id,
                  "pad_id 인자를 쓰지 않고 0과 비교했습니다. 패딩 번호가 0이 아닌 어휘집에서도 맞도록 pad_id와 "
                  "비교하세요.",
                  CHAPTER.section('5. 패딩 마스크')),
    Misconception("padding_mask", "greater_than_pad", _mask_greater_than_pad,
                  "실제 낱말을 x > pad_id로 골랐습니다. pad_id가 0이면 x != 0과 같지만, 번호는 pad_id보다 작을 수도 "
                  "있어서 pad_id가 0이 아닌 어휘집에서는 그보다 작은 번호의 낱말까지 가립니다. [PAD]가 아닌 자리는 "
                  "x != pad_id입니다.",
                  CHAPTER.section('5. 패딩 마스크')),
    Misconception("padding_mask", "front_axis", _mask_front_axis,
                  "새 축을 맨 앞(unsqueeze(0))에 넣어 [1, batch, seq]가 되었습니다. 길이 1인 축은 문장 축과 자리 "
                  "축 사이, 곧 Query 축 자리에 넣어야 [batch, 1, seq]가 되어 모든 Query 줄로 퍼집니다.",
                  CHAPTER.section('5. 패딩 마스크', 'real_token.unsqueeze(1)')),
    # masked_attention
    Misconception("masked_attention", "mask_inverted", _attention_mask_inverted,
                  "마스크가 True(1)인 자리, 곧 실제 낱말을 가렸습니다. 가릴 곳은 마스크가 False(0)인 [PAD] "
                  "자리입니다: mask == 0인 점수를 -1e9로 바꿉니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '점수 가리기'),
                  changes_arguments=mask_inverted('mask')),
    Misconception("masked_attention", "mask_on_queries", _attention_mask_on_queries,
                  "마스크를 Query 축(점수표의 줄)에 적용했습니다. 패딩 마스크 [batch, 1, S_k]는 Key 축(열)을 "
                  "가립니다: 모든 Query가 [PAD] 열을 보지 못하게 됩니다. 마스크를 전치하지 말고 그대로 쓰세요.",
                  CHAPTER.section('5. 패딩 마스크', '가운데 1이 모든 Query에 퍼지는 그림')),
    Misconception("masked_attention", "mask_after_softmax", _attention_mask_after_softmax,
                  "softmax를 먼저 하고 그 비율을 0으로 지웠습니다 (비율에 마스크를 곱한 것도 같습니다). 그러면 줄의 "
                  "합이 1보다 작아집니다. "
                  "마스크는 softmax 앞에서 점수를 -1e9로 바꾸는 것입니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '점수 → 마스크 → softmax 순서')),
    Misconception("masked_attention", "fill_zero", _attention_fill_zero,
                  "가린 점수를 0으로 채웠습니다 (점수에 마스크를 곱한 것도 같습니다). 점수 0은 e^0 = 1이라 [PAD]도 "
                  "비율을 받습니다. softmax 뒤에 0이 되려면 점수를 아주 큰 음수(-1e9)로 바꿔야 합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '[PAD] 열이 정확히 0이 되는 이유')),
    Misconception("masked_attention", "fill_minus_inf", _attention_fill_minus_inf,
                  "가린 점수를 -inf로 채웠습니다. 모든 Key가 [PAD]인 줄은 softmax가 0/0이 되어 NaN이 "
                  "나옵니다. 유한한 큰 음수 -1e9를 쓰면 그런 줄은 고른 비율이 됩니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '모든 Key가 [PAD]인 줄')),
    Misconception("masked_attention", "no_scaling", _attention_no_scaling,
                  "점수를 √d_k로 나누지 않았습니다. 마스크 어텐션도 Q·Kᵀ/√d_k에서 시작합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '첫 단계 (2강 · √d_k)'),
                  changes_arguments=unscaled('query', lambda named: named['query'].shape[-1]),
                  credit=SCALE_ONLY),
    Misconception("masked_attention", "scale_by_d_v", _attention_scale_by_d_v,
                  "점수를 value의 차원 d_v의 제곱근으로 나누었습니다. 나누는 값은 query와 key의 마지막 차원 "
                  "d_k의 제곱근입니다 (d_v와 d_k는 다를 수 있습니다).",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'd_k = query.size(-1)'),
                  credit=SCALE_ONLY),
    Misconception("masked_attention", "scale_by_n_keys", _attention_scale_by_n_keys,
                  "점수를 Key의 개수(key.size(-2), 문장의 자리 수)의 제곱근으로 나누었습니다. 나누는 값은 낱말 수가 "
                  "아니라 벡터의 차원, query의 마지막 차원 d_k의 제곱근입니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'd_k = query.size(-1)'),
                  changes_arguments=divided_by_root_of('query', _d_k, lambda named: named['key'].shape[-2]),
                  credit=SCALE_ONLY),
    Misconception("masked_attention", "divide_by_dk", _attention_divide_by_dk,
                  "점수를 √d_k가 아니라 d_k로 나누었습니다. 2강에서 본 것처럼 √d_k로 나눠야 점수의 표준편차가 "
                  "1 안팎이 됩니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'scores = raw_scores / math.sqrt(d_k)'),
                  credit=SCALE_ONLY),
    Misconception("masked_attention", "softmax_query_axis", _attention_softmax_query_axis,
                  "softmax를 dim=-2 (Query 축, 세로)로 계산해 열마다 합이 1이 되었습니다. 비율표는 Query마다, 곧 "
                  "줄마다 합이 1이어야 하므로 마지막 축 dim=-1을 따라 계산합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '줄마다 softmax → 비율표')),
    Misconception("masked_attention", "softmax_dim_one", _attention_softmax_dim_one,
                  "softmax를 dim=1로 계산했습니다. [batch, S_q, S_k]에서 dim=1은 Query 축(세로)이고, 머리 축이 "
                  "붙은 [batch, heads, S_q, S_k]에서는 머리 축입니다. 앞에 축이 몇 개든 Key 축을 가리키는 dim=-1을 "
                  "쓰세요.",
                  CHAPTER.section('머리 축이 붙어도 같은 함수')),
    Misconception("masked_attention", "mask_ignored", _attention_mask_ignored,
                  "mask를 받고도 쓰지 않아 [PAD] 자리에도 비율이 갑니다. mask가 있으면 softmax 앞에서 mask가 "
                  "False(0)인 칸의 점수를 -1e9로 바꿉니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', '점수 가리기')),
    Misconception("masked_attention", "bool_mask_only", _attention_bool_mask_only,
                  "bool 마스크에서는 맞지만 0/1 정수 마스크에서 오류가 납니다. ~mask나 torch.where(mask, …)는 "
                  "bool만 받습니다 (정수에 ~ 를 하면 비트를 뒤집어 -1, -2가 됩니다). mask == 0처럼 비교해서 쓰면 "
                  "두 가지 마스크 모두에서 됩니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'scores.masked_fill(mask == 0, …)')),
    Misconception("masked_attention", "mask_inverted_bool_only", _attention_mask_inverted_bool_only,
                  "masked_fill(mask, -1e9)로 mask가 True인 칸, 곧 실제 낱말을 가렸습니다. 이 과정의 마스크는 "
                  "True가 '볼 수 있는 자리'입니다 (nn.MultiheadAttention의 key_padding_mask와 반대). 또 mask를 "
                  "그대로 넣으면 0/1 정수 마스크에서 오류가 납니다. masked_fill(mask == 0, -1e9)를 쓰세요.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'scores.masked_fill(mask == 0, …)')),
    Misconception("masked_attention", "only_3d", _attention_only_3d,
                  "key.transpose(1, 2)나 torch.bmm처럼 3차원 [batch, seq, d]에서만 맞는 코드를 썼습니다. 머리 "
                  "축이 붙은 [batch, heads, seq, d_k]에서는 1번과 2번 축이 머리와 자리라서 오류가 납니다. "
                  "key.transpose(-2, -1)과 @ 는 앞에 축이 몇 개든 됩니다.",
                  CHAPTER.section('머리 축이 붙어도 같은 함수')),
    Misconception("masked_attention", "swapped_outputs", _attention_swapped_outputs,
                  "(p_attn, output) 순서로 돌려주었습니다. (output, p_attn) 순서여야 합니다.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'out_masked, weights_masked = …'),
                  changes_result=items_swapped()),
    Misconception("masked_attention", "mask_unsqueezed", _attention_mask_unsqueezed,
                  "마스크에 unsqueeze(1)로 축을 하나 더 붙였습니다 (5강의 multi-head 어텐션처럼). 이 함수가 받는 "
                  "마스크는 이미 점수표에 맞춘 모양([batch, 1, S_k])이라, 축을 더 붙이면 점수표와 맞출 때 문장 축이 "
                  "어긋나 결과가 [batch, batch, …]로 커지거나 오류가 납니다. 받은 마스크를 그대로 "
                  "masked_fill의 조건(mask == 0)에 쓰세요.",
                  CHAPTER.section('6. 마스크 없이, 마스크와 함께', 'scores.masked_fill(mask == 0, …)')),
    Misconception("positional_encoding", "multiplied_by_denominator", _pe_multiplied_by_denominator,
                  "pos를 10000^(2i/d_model)로 나누지 않고 곱했습니다. 그러면 뒤쪽 열일수록 각도가 엄청나게 커져 "
                  "sin, cos이 빠르게 흔들립니다. 공식은 pos / 10000^(2i/d_model): 뒤쪽 열일수록 천천히 도는 "
                  "각도입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3의 표')),
    Misconception("positional_encoding", "base_1000", _pe_base_1000,
                  "분모의 밑을 10000이 아니라 1000으로 썼습니다 (0 하나가 빠짐). 그러면 뒤쪽 열의 각도가 더 빨리 "
                  "돕니다. 공식은 pos / 10000^(2i/d_model)입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3의 표')),
    Misconception("positional_encoding", "exponent_over_max_len", _pe_exponent_over_max_len,
                  "지수를 2i/d_model이 아니라 2i/max_len으로 나눠, 두 인자를 바꿔 썼습니다. 열마다 도는 빠르기는 열의 "
                  "번호와 폭 d_model로 정합니다: pos / 10000^(2i/d_model). max_len은 표의 줄 수일 뿐입니다.",
                  CHAPTER.section('3. 위치 인코딩', '공식과 위치 0~3의 표')),
]
