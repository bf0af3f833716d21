# 실수: 문장이 하나라고 여겨 모든 토큰에 token_type[0] 을 더해 token_type_ids 가 쓰이지 않음
# mistake: assumes a single segment and adds token_type[0] to every token, so token_type_ids is never used
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.size(1)
    summed = word[input_ids] + position[:S] + token_type[0]
    return layer_norm(summed, gamma, beta, eps)
