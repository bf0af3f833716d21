# 실수: 3강처럼 낱말 임베딩에 √d 를 곱함 (BERT 는 곱하지 않음)
# mistake: multiplies the word embeddings by √d as in chapter 3 (BERT does not)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    d = word.shape[-1]
    tokens = word[input_ids] * math.sqrt(d)     # 3강처럼 √d_model 배
    places = position[: input_ids.size(1)]
    kinds = token_type[token_type_ids]
    return layer_norm(tokens + places + kinds, gamma, beta, eps)
