# 실수: 자리 번호를 자리 축이 아니라 문장 축의 길이 input_ids.shape[0] 으로 만듦
# mistake: builds the positions from the batch axis input_ids.shape[0] instead of the sequence axis
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[0])
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
