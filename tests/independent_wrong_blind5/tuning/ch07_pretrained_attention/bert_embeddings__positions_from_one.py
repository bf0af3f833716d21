# 실수: 위치를 0 이 아니라 1 부터 세어 position[1..S] 를 더함
# mistake: counts positions from 1, adding position[1..S] instead of position[0..S−1]
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[1]
    positions = torch.arange(1, S + 1)
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
