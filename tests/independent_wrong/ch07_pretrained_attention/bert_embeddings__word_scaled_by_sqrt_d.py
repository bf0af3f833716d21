# 실수: 3장처럼 낱말 임베딩에 √d 를 곱했습니다. BERT 는 곱하지 않습니다.
# mistake: Multiplies the word embedding by √d as in ch03; BERT does not.
import math

import torch
from helpers.reference import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[-1]
    positions = torch.arange(S)
    summed = word[input_ids] * math.sqrt(word.shape[-1]) + position[positions] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
