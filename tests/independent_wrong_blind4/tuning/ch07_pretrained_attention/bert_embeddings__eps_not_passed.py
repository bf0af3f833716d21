# 실수: layer_norm 에 eps 를 넘기지 않아 6강의 1e-5 가 쓰임
# mistake: does not pass eps on to layer_norm, so ch06's 1e-5 is used
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[-1])
    summed = word[input_ids] + position[positions] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta)
