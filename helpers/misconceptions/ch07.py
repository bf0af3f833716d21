"""Misconceptions of ch07: BERT's input vectors, one layer's 비율표 from its weights, and GELU.

Each variant is the reference with one thing done the way students most often get it wrong, written out here
(never calling helpers.reference). tests/chapters/test_ch07_pretrained_attention.py checks that every variant differs
from the reference, and from every other variant of its exercise, on the hidden cases.
"""

from __future__ import annotations

import math

import torch

from helpers.chapters import CH07 as CHAPTER
from helpers.misconceptions.changes import argument_replaced, arguments_swapped, in_turn, result_as, unscaled
from helpers.misconceptions.entry import SCALE_ONLY, Misconception

_EMBEDDINGS = CHAPTER.section("4. 입력 벡터 손으로", "낱말 + 위치(0부터) + 문장 구분, LayerNorm (eps 1e-12)")
_HEAD = CHAPTER.section("5. 한 머리의 비율표 손으로", "편향 있는 Q와 K, 머리 나누기, √d_k, 마스크, softmax")
_STORED = CHAPTER.section("2. 진짜 모델 열기", "가중치는 nn.Linear처럼 [d_out, d_in]: x @ W.T + b")
_GELU = CHAPTER.section("6. 첫 층 전체, 그리고 여섯 층", "erf를 쓴 정확한 GELU: x · Φ(x)")


# ---------------------------------------------------------------- bert_embeddings
def _norm(x, gamma, beta, eps):
    mean = x.mean(dim=-1, keepdim=True)
    variance = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12, *, first=0,
           use_position=True, use_type=True, normalise=True, scale=False, eps_override=None, swap_affine=False):
    """The reference written out, with one step changeable."""
    S = input_ids.shape[-1]
    summed = word[input_ids] * (math.sqrt(word.shape[-1]) if scale else 1.0)
    if use_position:
        summed = summed + position[first:first + S]
    if use_type:
        summed = summed + token_type[token_type_ids]
    if not normalise:
        return summed
    if swap_affine:
        gamma, beta = beta, gamma
    return _norm(summed, gamma, beta, eps if eps_override is None else eps_override)


def _embed_no_position(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, use_position=False)


def _embed_positions_from_one(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, first=1)


def _embed_no_token_type(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, use_type=False)


def _embed_no_layer_norm(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, normalise=False)


def _embed_scaled(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, scale=True)


def _embed_eps_1e5(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, eps_override=1e-5)


def _embed_gamma_beta_swapped(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    return _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, swap_affine=True)


def _embed_unbiased_variance(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    summed = _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, normalise=False)
    mean = summed.mean(dim=-1, keepdim=True)
    variance = summed.var(dim=-1, keepdim=True)  # torch.var's default: ÷ (d − 1)
    return gamma * (summed - mean) / torch.sqrt(variance + eps) + beta


# ---------------------------------------------------------------- bert_head_weights
def _heads(x, num_heads, *, wrong_axis=False):
    B, S, d = x.shape
    if wrong_axis:  # straight into [B, h, S, d_k] without the transpose: mixes positions and coordinates
        return x.reshape(B, num_heads, S, d // num_heads)
    return x.view(B, S, num_heads, d // num_heads).transpose(1, 2)


def _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None, *, bias=True, transpose=True,
                  wrong_axis=False, full_width=False, mask="keep", divisor=None, softmax_dim=-1, key_weights=None,
                  bias_first=False):
    """The reference written out, with one step changeable."""
    def project(W, b):
        if bias_first:  # (hidden + b) @ W.T: the bias added before the weight
            return (hidden + b) @ W.T
        out = hidden @ (W.T if transpose else W)
        return out + b if bias else out

    Q = _heads(project(W_q, b_q), num_heads, wrong_axis=wrong_axis)
    K = _heads(project(*(key_weights or (W_k, b_k))), num_heads, wrong_axis=wrong_axis)
    if divisor is None:
        divisor = math.sqrt(hidden.shape[-1] if full_width else Q.shape[-1])
    scores = Q @ K.transpose(-2, -1) / divisor
    keep = None if attention_mask is None else (attention_mask != 0)[:, None, None, :]
    if keep is not None and mask != "none":
        if mask == "keep":
            scores = torch.where(keep, scores, torch.full_like(scores, -1e9))
        elif mask == "wrong_sign":  # (1 − mask) × (+large): the [PAD] keys get the weight
            scores = scores + (1.0 - keep.to(scores.dtype)) * 1e9
        elif mask == "on_queries":
            scores = torch.where(keep.transpose(-2, -1), scores, torch.full_like(scores, -1e9))
        elif mask == "zero":  # the hidden scores become 0 (also scores * mask)
            scores = torch.where(keep, scores, torch.zeros_like(scores))
        elif mask == "added":  # the 0/1 mask itself added to the scores
            scores = scores + keep.to(scores.dtype)
        elif mask == "two_dims":  # attention_mask [B, S] as it is: its sentence axis meets the query axis
            scores = torch.where(attention_mask != 0, scores, torch.full_like(scores, -1e9))
        elif mask == "three_dims":  # ch03's [B, 1, S]: its sentence axis meets the head axis
            scores = torch.where((attention_mask != 0)[:, None, :], scores, torch.full_like(scores, -1e9))
        elif mask == "one_minus":  # (1 − mask) × (−10000) as the lecture adds it: no `-` for a bool mask
            scores = scores + (1 - attention_mask[:, None, None, :]) * -10000.0
    ratios = torch.softmax(scores, dim=softmax_dim)
    if keep is not None and mask == "after_softmax":
        ratios = torch.where(keep, ratios, torch.zeros_like(ratios))
    return ratios


def _head_no_softmax(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    Q = _heads(hidden @ W_q.T + b_q, num_heads)
    K = _heads(hidden @ W_k.T + b_k, num_heads)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    if attention_mask is None:
        return scores
    return torch.where((attention_mask != 0)[:, None, None, :], scores, torch.full_like(scores, -1e9))


def _head_no_bias(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, bias=False)


def _head_no_transpose(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, transpose=False)


def _head_wrong_axis(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, wrong_axis=True)


def _head_sqrt_d_model(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, full_width=True)


def _head_mask_wrong_sign(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="wrong_sign")


def _head_mask_ignored(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="none")


def _head_mask_on_queries(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="on_queries")


def _head_no_scaling(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, divisor=1.0)


def _head_divide_by_d_k(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, divisor=hidden.shape[-1] // num_heads)


def _head_softmax_over_queries(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, softmax_dim=-2)


def _head_mask_after_softmax(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="after_softmax")


def _head_mask_fill_zero(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="zero")


def _head_mask_added(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="added")


def _head_mask_three_dims(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="three_dims")


def _head_mask_two_dims(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="two_dims")


def _head_sqrt_num_heads(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, divisor=math.sqrt(num_heads))


def _head_bias_before_weight(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, bias_first=True)


def _head_mask_one_minus(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, mask="one_minus")


def _head_key_from_query_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None):
    return _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask, key_weights=(W_q, b_q))


# ---------------------------------------------------------------- gelu
def _gelu_tanh(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def _gelu_sigmoid(x):
    return x * torch.sigmoid(1.702 * x)


def _gelu_relu(x):
    return torch.relu(x)


def _gelu_no_sqrt2(x):
    return 0.5 * x * (1.0 + torch.erf(x))


def _gelu_no_half(x):
    return x * (1.0 + torch.erf(x / math.sqrt(2.0)))


def _gelu_times_sqrt2(x):
    return 0.5 * x * (1.0 + torch.erf(x * math.sqrt(2.0)))


def _gelu_minus_erf(x):
    return 0.5 * x * (1.0 - torch.erf(x / math.sqrt(2.0)))


def _gelu_erf_divided(x):
    return 0.5 * x * (1.0 + torch.erf(x) / math.sqrt(2.0))


def _gelu_no_one_plus(x):
    return 0.5 * x * torch.erf(x / math.sqrt(2.0))


def _gelu_no_x(x):
    return 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))



def _gelu_root_pi(x):
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(math.pi)))


def _gelu_unbracketed(x):
    return 0.5 * x + torch.erf(x / math.sqrt(2.0))  # 0.5 * x * 1 + erf(…): the bracket after 1 dropped


def _embed_padding_zeroed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    summed = _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, normalise=False)
    return _norm(summed * (input_ids != 0).unsqueeze(-1), gamma, beta, eps)


def _head_size(named) -> int:
    """d_k of one head: the query weight's width shared by the heads."""
    return named["W_q"].shape[0] // named["num_heads"]


def _without_biases(named):
    """bert_head_weights' arguments with the query and key biases zero."""
    return named | {"b_q": torch.zeros_like(named["b_q"]), "b_k": torch.zeros_like(named["b_k"])}


def _gelu_swish(x):
    return x * torch.sigmoid(x)


def _gelu_erf_of_half(x):
    return x * (1 + torch.erf(x / 2)) / 2


def _gelu_normal_density(x):
    return x * torch.exp(-x * x / 2) / math.sqrt(2 * math.pi)


def _embed_averaged(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    summed = _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps, normalise=False)
    return _norm(summed / 3, gamma, beta, eps)


MISCONCEPTIONS = [
    # bert_embeddings
    Misconception("bert_embeddings", "no_position", _embed_no_position,
                  "위치 임베딩을 더하지 않았습니다. 어텐션은 순서를 모르므로 BERT는 자리마다 배운 위치 벡터 "
                  "position[0], position[1], …을 낱말 벡터에 더합니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "positions_from_one", _embed_positions_from_one,
                  "위치를 1부터 셌습니다 (position[1:S + 1]). 첫 토큰 [CLS]의 위치는 0입니다: "
                  "position[torch.arange(S)], 곧 position[:S]를 더하세요.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "no_token_type", _embed_no_token_type,
                  "문장 구분(token type) 임베딩을 더하지 않았습니다. 모든 토큰이 0 번 문장이어도 token_type[0]이 "
                  "더해집니다: token_type[token_type_ids].",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "no_layer_norm", _embed_no_layer_norm,
                  "세 임베딩을 더한 합을 그대로 돌려주었습니다. BERT는 그 합에 LayerNorm (gamma, beta, eps)을 "
                  "씌웁니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "scaled_by_sqrt_d", _embed_scaled,
                  "낱말 임베딩에 √d를 곱했습니다 (3강의 Embeddings처럼). BERT의 세 표는 모두 배운 값이라 "
                  "곱하지 않고 그대로 더합니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "eps_1e5", _embed_eps_1e5,
                  "받은 eps 대신 1e-5 (6강과 nn.LayerNorm의 기본값)로 정규화했습니다. BERT의 eps는 1e-12이고, "
                  "함수가 받은 eps를 그대로 layer_norm에 넘기세요.",
                  _EMBEDDINGS,
                  changes_arguments=argument_replaced('eps', lambda named: 1e-5)),
    Misconception("bert_embeddings", "gamma_beta_swapped", _embed_gamma_beta_swapped,
                  "LayerNorm에 gamma와 beta를 바꿔 넘겼습니다: layer_norm(summed, beta, gamma, eps). "
                  "인자 순서는 layer_norm(x, gamma, beta, eps)이고, 곱하는 것이 gamma, 더하는 것이 beta입니다.",
                  _EMBEDDINGS,
                  changes_arguments=arguments_swapped('gamma', 'beta')),
    Misconception("bert_embeddings", "unbiased_variance", _embed_unbiased_variance,
                  "세 임베딩의 합을 직접 정규화하면서 분산을 torch.var의 기본값, 곧 d − 1로 나누어 구했습니다. "
                  "LayerNorm은 d로 나눈 치우친 분산을 씁니다 (unbiased=False). 건네받은 "
                  "layer_norm(summed, gamma, beta, eps)을 쓰면 됩니다.",
                  _EMBEDDINGS),
    # bert_head_weights
    Misconception("bert_head_weights", "no_bias", _head_no_bias,
                  "Q와 K에 편향 b_q, b_k를 더하지 않았습니다. BERT의 query, key에는 편향이 있습니다 "
                  "(5–6강의 가중치와 다른 점): Q = hidden @ W_q.T + b_q.",
                  _HEAD,
                  changes_arguments=_without_biases),
    Misconception("bert_head_weights", "no_transpose", _head_no_transpose,
                  "가중치를 전치하지 않고 hidden @ W_q로 곱했습니다. 모델 파일의 가중치는 nn.Linear처럼 "
                  "[d_out, d_in]으로 저장되어 있어 hidden @ W_q.T + b_q로 곱합니다.",
                  _STORED),
    Misconception("bert_head_weights", "heads_wrong_axis", _head_wrong_axis,
                  "머리를 나눌 때 [B, S, d]를 곧바로 [B, h, S, d_k]로 reshape 했습니다. 그러면 자리와 좌표가 "
                  "섞입니다. 5강처럼 [B, S, h, d_k]로 나눈 뒤 축 1과 2를 바꾸세요 (split_heads).",
                  _HEAD),
    Misconception("bert_head_weights", "sqrt_d_model", _head_sqrt_d_model,
                  "점수를 √d_model (MiniLM이면 √384)로 나눴습니다. 머리 하나의 점수는 그 머리의 폭 "
                  "d_k = d_model / num_heads (MiniLM이면 32)의 제곱근으로 나눕니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_wrong_sign", _head_mask_wrong_sign,
                  "마스크를 반대 부호로 더했습니다: [PAD] 자리의 점수를 크게 만들어 비율이 [PAD]로 갑니다. "
                  "attention_mask가 0인 Key의 점수는 아주 작은 수(-1e9나 -inf)가 되어야 합니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_ignored", _head_mask_ignored,
                  "attention_mask를 쓰지 않았습니다. 그러면 실제 토큰이 [PAD] 자리도 참고합니다. attention_mask가 "
                  "0인 Key (열)를 softmax 전에 가리세요.",
                  _HEAD,
                  changes_arguments=argument_replaced('attention_mask', lambda named: None)),
    Misconception("bert_head_weights", "mask_on_queries", _head_mask_on_queries,
                  "attention_mask로 Key (열)가 아니라 Query (줄)를 가렸습니다. 마스크는 [B, 1, 1, S] 모양으로 "
                  "세워 열을 가립니다: 어떤 줄도 [PAD] 열을 보지 않습니다.",
                  _HEAD),
    Misconception("bert_head_weights", "no_scaling", _head_no_scaling,
                  "점수를 √d_k로 나누지 않았습니다. BERT도 머리마다 Q·Kᵀ를 √d_k (MiniLM이면 √32)로 나눈 뒤 "
                  "softmax를 합니다.",
                  _HEAD,
                  changes_arguments=in_turn(unscaled('W_q', _head_size), unscaled('b_q', _head_size)),
                  credit=SCALE_ONLY),
    Misconception("bert_head_weights", "divide_by_d_k", _head_divide_by_d_k,
                  "점수를 √d_k가 아니라 d_k로 나눴습니다 (MiniLM이면 √32 ≈ 5.66이 아니라 32). d_k의 제곱근으로 "
                  "나누세요: math.sqrt(Q.shape[-1]).",
                  _HEAD,
                  credit=SCALE_ONLY),
    Misconception("bert_head_weights", "softmax_over_queries", _head_softmax_over_queries,
                  "softmax를 dim=-2 (Query 축, 열마다)로 했습니다. 비율표는 줄마다 합이 1이어야 하므로 마지막 축"
                  "(dim=-1)으로 softmax 합니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_after_softmax", _head_mask_after_softmax,
                  "softmax를 한 뒤에 [PAD] 열의 비율을 0으로 지웠습니다. 그러면 [PAD]가 있는 문장의 줄은 합이 1이 "
                  "되지 않습니다. attention_mask는 softmax 전에 점수에 씌웁니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_fill_zero", _head_mask_fill_zero,
                  "[PAD] 열의 점수를 0으로 만들었습니다 (masked_fill(…, 0)이나 scores * attention_mask). softmax에서 "
                  "e⁰ = 1이라 [PAD]도 비율을 받습니다. 점수를 아주 작은 수(-1e9 등)로 바꾸세요.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_added", _head_mask_added,
                  "attention_mask (1과 0)를 그대로 점수에 더했습니다. 실제 토큰의 점수가 1 커질 뿐 [PAD]는 거의 "
                  "가려지지 않습니다. 더하려면 (1 − mask) × (−10000)처럼 [PAD]에 아주 작은 수를 더하거나, "
                  "masked_fill(mask == 0, -1e9)로 바꾸세요.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_three_dims", _head_mask_three_dims,
                  "attention_mask를 3강의 패딩 마스크처럼 [B, 1, S]로 세웠습니다. 점수표 [B, h, S, S]와 맞추면 문장 "
                  "축이 머리 축에 놓여 오류가 나거나 (문장 수와 머리 수가 같으면) 조용히 틀립니다. [B, 1, 1, S]로 "
                  "세우세요: attention_mask[:, None, None, :].",
                  _HEAD),
    Misconception("bert_head_weights", "mask_two_dims", _head_mask_two_dims,
                  "attention_mask [B, S]를 모양을 바꾸지 않고 그대로 점수표 [B, h, S, S]에 맞췄습니다. 그러면 오른쪽 "
                  "축부터 맞춰져 문장 축이 Query 축에 놓여, 오류가 나거나 (문장 수와 낱말 수가 같으면) 조용히 "
                  "틀립니다. [B, 1, 1, S]로 세우세요: attention_mask[:, None, None, :].",
                  _HEAD),
    Misconception("bert_head_weights", "sqrt_num_heads", _head_sqrt_num_heads,
                  "점수를 √d_k가 아니라 머리 수의 제곱근 √num_heads로 나눴습니다 (MiniLM이면 √32 ≈ 5.66이 아니라 "
                  "√12 ≈ 3.46). 나누는 수는 머리 하나의 폭 d_k = d_model / num_heads의 제곱근입니다.",
                  _HEAD),
    Misconception("bert_head_weights", "bias_before_weight", _head_bias_before_weight,
                  "편향을 가중치를 곱하기 전에 더했습니다: (hidden + b) @ W.T. nn.Linear는 먼저 곱하고 나중에 "
                  "더합니다: hidden @ W.T + b.",
                  _STORED),
    Misconception("bert_head_weights", "one_minus_bool_mask", _head_mask_one_minus,
                  "(1 − attention_mask) × (큰 음수)를 점수에 더했습니다. 0/1 정수 마스크에서는 맞지만, bool 마스크"
                  "(True = 실제 토큰)에서는 `1 - mask`를 계산할 수 없어 오류가 납니다. 채점에는 두 가지 마스크가 모두 "
                  "옵니다. `attention_mask == 0`처럼 비교해서 가리세요: masked_fill(attention_mask == 0, -1e9).",
                  _HEAD),
    Misconception("bert_head_weights", "key_from_query_weights", _head_key_from_query_weights,
                  "K를 W_k, b_k가 아니라 W_q, b_q로 만들었습니다 (Q의 줄을 복사하고 이름을 고치지 않은 꼴). "
                  "그러면 K가 Q와 같아 점수표가 대칭이 됩니다. K = hidden @ W_k.T + b_k입니다.",
                  _HEAD),
    # gelu
    Misconception("gelu", "tanh_approximation", _gelu_tanh,
                  "GELU의 tanh 근사식을 썼습니다. BERT (config의 hidden_act = \"gelu\")는 erf를 쓴 정확한 식 "
                  "x · (1 + erf(x / √2)) / 2입니다. 차이는 작지만 1e-5보다 큽니다.",
                  _GELU),
    Misconception("gelu", "sigmoid_approximation", _gelu_sigmoid,
                  "GELU를 x · sigmoid(1.702 x)로 근사했습니다. 정확한 식 x · (1 + erf(x / √2)) / 2를 쓰세요.",
                  _GELU),
    Misconception("gelu", "relu", _gelu_relu,
                  "ReLU를 썼습니다. 6강의 FFN은 ReLU였지만, BERT의 FFN은 GELU: x · (1 + erf(x / √2)) / 2"
                  "입니다. 음수 쪽에서 0이 아닌 작은 값이 나옵니다.",
                  _GELU),
    Misconception("gelu", "no_sqrt2", _gelu_no_sqrt2,
                  "erf에 x를 그대로 넣었습니다. 표준 정규분포의 누적분포 Φ(x)는 (1 + erf(x / √2)) / 2이므로 "
                  "x를 √2로 나눠 넣어야 합니다.",
                  _GELU),
    Misconception("gelu", "no_half", _gelu_no_half,
                  "마지막에 2로 나누지 않아 (또는 0.5를 곱하지 않아) 값이 모두 두 배입니다. Φ(x) = (1 + erf(x / "
                  "√2)) / 2"
                  "이므로 GELU는 x · (1 + erf(x / √2)) / 2입니다.",
                  _GELU,
                  changes_result=result_as(lambda y: 2 * y)),
    Misconception("gelu", "times_sqrt2", _gelu_times_sqrt2,
                  "erf 안에서 x에 √2를 곱했습니다. 표준 정규분포의 누적분포는 Φ(x) = (1 + erf(x / √2)) / 2로, x를 "
                  "√2로 나눠 넣습니다.",
                  _GELU),
    Misconception("gelu", "minus_erf", _gelu_minus_erf,
                  "1 + erf 대신 1 − erf로 적었습니다. 그러면 x · Φ(x)가 아니라 x · Φ(−x)가 되어, 큰 양수는 거의 "
                  "0이 되고 음수 쪽이 살아납니다. GELU는 x · (1 + erf(x / √2)) / 2입니다.",
                  _GELU),
    Misconception("gelu", "erf_divided", _gelu_erf_divided,
                  "erf(x / √2) 대신 erf(x) / √2로 적어, √2로 나누는 자리가 erf 안에서 밖으로 나왔습니다. "
                  "GELU는 x · (1 + erf(x / √2)) / 2입니다: √2로 나누는 것은 erf에 넣는 x입니다.",
                  _GELU),
    Misconception("gelu", "no_one_plus", _gelu_no_one_plus,
                  "Φ(x)의 1 +를 빠뜨려 x · erf(x / √2) / 2를 돌려줍니다. erf는 −1과 1 사이라서 1을 더하고 2로 "
                  "나눠야 0과 1 사이의 비율 Φ(x)가 됩니다: GELU는 x · (1 + erf(x / √2)) / 2입니다.",
                  _GELU),
    Misconception("gelu", "no_x", _gelu_no_x,
                  "Φ(x) = (1 + erf(x / √2)) / 2만 돌려주고 x를 곱하지 않았습니다. GELU는 x · Φ(x), 곧 입력에 "
                  "그 입력이 통과할 비율을 곱한 값입니다.",
                  _GELU),
    Misconception("gelu", "swish", _gelu_swish,
                  "GELU 대신 Swish (SiLU) x · sigmoid(x)를 계산했습니다. 모양은 비슷하지만 다른 함수입니다. BERT의 "
                  "GELU는 x · Φ(x) = x · (1 + erf(x / √2)) / 2입니다.",
                  _GELU),
    Misconception("gelu", "erf_of_half", _gelu_erf_of_half,
                  "erf 안에서 x를 √2가 아니라 2로 나눴습니다: erf(x / 2). 표준 정규분포의 누적분포는 "
                  "Φ(x) = (1 + erf(x / √2)) / 2입니다.",
                  _GELU),
    Misconception("gelu", "normal_density", _gelu_normal_density,
                  "누적분포 Φ(x) 대신 확률밀도 φ(x) = e^(−x²/2) / √(2π)를 곱했습니다. GELU는 x에 'x 이하일 확률' "
                  "Φ(x) = (1 + erf(x / √2)) / 2를 곱합니다.",
                  _GELU),
    Misconception("bert_embeddings", "averaged", _embed_averaged,
                  "세 임베딩을 더하지 않고 평균 (합 ÷ 3)을 낸 뒤 정규화했습니다. LayerNorm이 크기를 거의 지우지만 "
                  "eps 때문에 값이 달라집니다. BERT는 세 표의 합 그대로에 LayerNorm을 씌웁니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "padding_zeroed", _embed_padding_zeroed,
                  "[PAD] (번호 0) 토큰의 벡터를 정규화 전에 0으로 지웠습니다. 그러면 [PAD] 자리에는 beta만 남습니다. "
                  "BERT의 입력 벡터는 [PAD]에도 낱말·위치·문장 구분 벡터를 그대로 더해 정규화합니다: [PAD]를 가리는 "
                  "일은 어텐션의 마스크가 합니다.",
                  _EMBEDDINGS),
    Misconception("bert_head_weights", "no_softmax", _head_no_softmax,
                  "마스크를 씌우고 √d_k로 나눈 점수표를 softmax 하지 않고 그대로 돌려주었습니다. 비율표는 그 점수에 "
                  "줄마다(마지막 축) softmax를 한 것이라, 줄마다 합이 1이고 [PAD] 열은 0입니다.",
                  _HEAD),
    Misconception("gelu", "root_pi", _gelu_root_pi,
                  "erf 안에서 x를 √2가 아니라 √π로 나눴습니다. 표준 정규분포의 누적분포는 "
                  "Φ(x) = (1 + erf(x / √2)) / 2입니다 (√(2π)는 밀도 φ(x)의 분모입니다).",
                  _GELU),
    Misconception("gelu", "unbracketed", _gelu_unbracketed,
                  "괄호를 빠뜨려 `0.5 * x * 1 + erf(x / √2)`, 곧 x / 2 + erf(x / √2)를 계산합니다: 곱셈이 덧셈보다 "
                  "먼저입니다. GELU는 x · (1 + erf(x / √2)) / 2이므로 `0.5 * x * (1 + erf(x / √2))`로 1 + erf를 "
                  "괄호로 묶으세요.",
                  _GELU),
]
