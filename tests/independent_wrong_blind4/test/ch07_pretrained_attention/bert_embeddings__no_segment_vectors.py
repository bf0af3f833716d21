# 실수: 문장 구분 임베딩 token_type[token_type_ids] 를 더하지 않음
# mistake: leaves out the segment vectors token_type[token_type_ids]
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    positions = torch.arange(input_ids.shape[-1])
    return layer_norm(word[input_ids] + position[positions], gamma, beta, eps)
