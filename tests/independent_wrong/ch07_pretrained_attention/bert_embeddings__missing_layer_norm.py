# 실수: 세 임베딩을 더하기만 하고 마지막 LayerNorm 을 빠뜨렸습니다.
# mistake: Sums the three embeddings but leaves out the final LayerNorm.
import math

import torch
from helpers.reference import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[-1])
    return word[input_ids] + position[positions] + token_type[token_type_ids]
