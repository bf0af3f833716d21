"""Misconceptions of ch07: BERT's input vectors, one layer's 비율표 from its weights, and GELU.

Each variant is the reference with one thing done the way students most often get it wrong, written out here
(never calling helpers.reference). tests/test_ch07_pretrained_attention.py checks that every variant differs
from the reference, and from every other variant of its exercise, on the hidden cases.
"""

from __future__ import annotations

import math

import torch

from helpers.grading.ch07 import CHAPTER
from helpers.misconceptions.entry import Misconception

_EMBEDDINGS = CHAPTER.section("4. 입력 벡터 손으로", "낱말 + 위치(0 부터) + 문장 구분, LayerNorm (eps 1e-12)")
_HEAD = CHAPTER.section("5. 한 머리의 비율표 손으로", "편향 있는 Q 와 K, 머리 나누기, √d_k, 마스크, softmax")
_STORED = CHAPTER.section("2. 진짜 모델 열기", "가중치는 nn.Linear 처럼 [d_out, d_in]: x @ W.T + b")
_GELU = CHAPTER.section("6. 첫 층 전체, 그리고 여섯 층", "erf 를 쓴 정확한 GELU: x · Φ(x)")


# ---------------------------------------------------------------- bert_embeddings
def _norm(x, gamma, beta, eps):
    mean = x.mean(dim=-1, keepdim=True)
    variance = ((x - mean) ** 2).mean(dim=-1, keepdim=True)
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _embed(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12, *, first=0,
           use_position=True, use_type=True, normalise=True, scale=False, eps_override=None):
    """The reference written out, with one step changeable."""
    S = input_ids.shape[-1]
    summed = word[input_ids] * (math.sqrt(word.shape[-1]) if scale else 1.0)
    if use_position:
        summed = summed + position[first:first + S]
    if use_type:
        summed = summed + token_type[token_type_ids]
    if not normalise:
        return summed
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


# ---------------------------------------------------------------- bert_head_weights
def _heads(x, num_heads, *, wrong_axis=False):
    B, S, d = x.shape
    if wrong_axis:  # straight into [B, h, S, d_k] without the transpose: mixes positions and coordinates
        return x.reshape(B, num_heads, S, d // num_heads)
    return x.view(B, S, num_heads, d // num_heads).transpose(1, 2)


def _head_weights(hidden, W_q, b_q, W_k, b_k, num_heads, attention_mask=None, *, bias=True, transpose=True,
                  wrong_axis=False, full_width=False, mask="keep"):
    """The reference written out, with one step changeable."""
    def project(W, b):
        out = hidden @ (W.T if transpose else W)
        return out + b if bias else out

    Q = _heads(project(W_q, b_q), num_heads, wrong_axis=wrong_axis)
    K = _heads(project(W_k, b_k), num_heads, wrong_axis=wrong_axis)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(hidden.shape[-1] if full_width else Q.shape[-1])
    if attention_mask is not None and mask != "none":
        keep = (attention_mask != 0)[:, None, None, :]
        if mask == "keep":
            scores = torch.where(keep, scores, torch.full_like(scores, -1e9))
        elif mask == "wrong_sign":  # (1 − mask) × (+large): the [PAD] keys get the weight
            scores = scores + (1.0 - keep.to(scores.dtype)) * 1e9
        elif mask == "on_queries":
            scores = torch.where(keep.transpose(-2, -1), scores, torch.full_like(scores, -1e9))
    return torch.softmax(scores, dim=-1)


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


# ---------------------------------------------------------------- gelu
def _gelu_tanh(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def _gelu_sigmoid(x):
    return x * torch.sigmoid(1.702 * x)


def _gelu_relu(x):
    return torch.relu(x)


def _gelu_no_sqrt2(x):
    return 0.5 * x * (1.0 + torch.erf(x))


MISCONCEPTIONS = [
    # bert_embeddings
    Misconception("bert_embeddings", "no_position", _embed_no_position,
                  "위치 임베딩을 더하지 않았습니다. 어텐션은 순서를 모르므로 BERT 는 자리마다 배운 위치 벡터 "
                  "position[0], position[1], …을 낱말 벡터에 더합니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "positions_from_one", _embed_positions_from_one,
                  "위치를 1 부터 셌습니다 (position[1:S + 1]). 첫 토큰 [CLS]의 위치는 0 입니다: "
                  "position[torch.arange(S)], 곧 position[:S]를 더하세요.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "no_token_type", _embed_no_token_type,
                  "문장 구분(token type) 임베딩을 더하지 않았습니다. 모든 토큰이 0 번 문장이어도 token_type[0]이 "
                  "더해집니다: token_type[token_type_ids].",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "no_layer_norm", _embed_no_layer_norm,
                  "세 임베딩을 더한 합을 그대로 돌려주었습니다. BERT 는 그 합에 LayerNorm (gamma, beta, eps)을 "
                  "씌웁니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "scaled_by_sqrt_d", _embed_scaled,
                  "낱말 임베딩에 √d 를 곱했습니다 (3장의 Embeddings 처럼). BERT 의 세 표는 모두 배운 값이라 "
                  "곱하지 않고 그대로 더합니다.",
                  _EMBEDDINGS),
    Misconception("bert_embeddings", "eps_1e5", _embed_eps_1e5,
                  "받은 eps 대신 1e-5 (6장과 nn.LayerNorm 의 기본값)로 정규화했습니다. BERT 의 eps 는 1e-12 이고, "
                  "함수가 받은 eps 를 그대로 layer_norm 에 넘기세요.",
                  _EMBEDDINGS),
    # bert_head_weights
    Misconception("bert_head_weights", "no_bias", _head_no_bias,
                  "Q 와 K 에 편향 b_q, b_k 를 더하지 않았습니다. BERT 의 query, key 에는 편향이 있습니다 "
                  "(5–6장의 가중치와 다른 점): Q = hidden @ W_q.T + b_q.",
                  _HEAD),
    Misconception("bert_head_weights", "no_transpose", _head_no_transpose,
                  "가중치를 전치하지 않고 hidden @ W_q 로 곱했습니다. 모델 파일의 가중치는 nn.Linear 처럼 "
                  "[d_out, d_in]으로 저장되어 있어 hidden @ W_q.T + b_q 로 곱합니다.",
                  _STORED),
    Misconception("bert_head_weights", "heads_wrong_axis", _head_wrong_axis,
                  "머리를 나눌 때 [B, S, d]를 곧바로 [B, h, S, d_k]로 reshape 했습니다. 그러면 자리와 좌표가 "
                  "섞입니다. 5장처럼 [B, S, h, d_k]로 나눈 뒤 축 1 과 2 를 바꾸세요 (split_heads).",
                  _HEAD),
    Misconception("bert_head_weights", "sqrt_d_model", _head_sqrt_d_model,
                  "점수를 √d_model (MiniLM 이면 √384)로 나눴습니다. 머리 하나의 점수는 그 머리의 폭 "
                  "d_k = d_model / num_heads (MiniLM 이면 32)의 제곱근으로 나눕니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_wrong_sign", _head_mask_wrong_sign,
                  "마스크를 반대 부호로 더했습니다: [PAD] 자리의 점수를 크게 만들어 비율이 [PAD]로 갑니다. "
                  "attention_mask 가 0 인 Key 의 점수는 아주 작은 수(-1e9 나 -inf)가 되어야 합니다.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_ignored", _head_mask_ignored,
                  "attention_mask 를 쓰지 않았습니다. 그러면 실제 토큰이 [PAD] 자리도 참고합니다. attention_mask 가 "
                  "0 인 Key (열)를 softmax 전에 가리세요.",
                  _HEAD),
    Misconception("bert_head_weights", "mask_on_queries", _head_mask_on_queries,
                  "attention_mask 로 Key (열)가 아니라 Query (줄)를 가렸습니다. 마스크는 [B, 1, 1, S] 모양으로 "
                  "세워 열을 가립니다: 어떤 줄도 [PAD] 열을 보지 않습니다.",
                  _HEAD),
    # gelu
    Misconception("gelu", "tanh_approximation", _gelu_tanh,
                  "GELU 의 tanh 근사식을 썼습니다. BERT (config 의 hidden_act = \"gelu\")는 erf 를 쓴 정확한 식 "
                  "x · (1 + erf(x / √2)) / 2 입니다. 차이는 작지만 1e-5 보다 큽니다.",
                  _GELU),
    Misconception("gelu", "sigmoid_approximation", _gelu_sigmoid,
                  "GELU 를 x · sigmoid(1.702 x)로 근사했습니다. 정확한 식 x · (1 + erf(x / √2)) / 2 를 쓰세요.",
                  _GELU),
    Misconception("gelu", "relu", _gelu_relu,
                  "ReLU 를 썼습니다. 6장의 FFN 은 ReLU 였지만, BERT 의 FFN 은 GELU: x · (1 + erf(x / √2)) / 2 "
                  "입니다. 음수 쪽에서 0 이 아닌 작은 값이 나옵니다.",
                  _GELU),
    Misconception("gelu", "no_sqrt2", _gelu_no_sqrt2,
                  "erf 에 x 를 그대로 넣었습니다. 표준 정규분포의 누적분포 Φ(x)는 (1 + erf(x / √2)) / 2 이므로 "
                  "x 를 √2 로 나눠 넣어야 합니다.",
                  _GELU),
]
