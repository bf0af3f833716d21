# 실수: 위치를 0 이 아니라 1 부터 세어 position[1…S] 를 더함
# mistake: counts positions from 1 instead of 0, adding position[1…S]
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    B, S = input_ids.shape
    pos_ids = torch.arange(1, S + 1)   # 첫 토큰은 1번 자리
    total = word[input_ids] + position[pos_ids] + token_type[token_type_ids]
    return layer_norm(total, gamma, beta, eps)
