# 실수: 문장 구분(token_type) 임베딩을 더하는 단계를 빠뜨렸습니다.
# mistake: Leaves out the token-type embedding from the sum.
import math

import torch
from helpers.reference import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S = input_ids.shape[-1]
    positions = torch.arange(S)
    summed = word[input_ids] + position[positions]
    return layer_norm(summed, gamma, beta, eps)
