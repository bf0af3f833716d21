# 실수: 배운 위치 표 position 대신 3강의 sin/cos 위치 인코딩을 더해 position 이 쓰이지 않음
# mistake: adds ch03's sin/cos positional encoding instead of the learned position table, so position is never used
import math

import torch

from helpers.given import layer_norm, split_heads


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    S, d = input_ids.shape[1], word.shape[1]
    pos = torch.arange(S, dtype=torch.float64)[:, None]
    div = torch.exp(torch.arange(0, d, 2, dtype=torch.float64) * (-math.log(10000.0) / d))
    pe = torch.zeros(S, d, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)
    summed = word[input_ids] + pe.to(word.dtype) + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
