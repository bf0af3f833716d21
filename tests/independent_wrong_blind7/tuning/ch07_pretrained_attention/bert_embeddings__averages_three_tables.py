# 실수: 세 임베딩을 더하지 않고 평균 (합 ÷ 3) 을 낸 뒤 정규화하므로, eps 가 큰 입력에서 값이 달라집니다
# mistake: averages the three embeddings (sum ÷ 3) instead of adding them before the norm, which changes the values when eps is not tiny
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    pos_ids = torch.arange(input_ids.shape[-1])
    parts = [word[input_ids], position[pos_ids], token_type[token_type_ids]]
    mean_vec = sum(parts) / len(parts)     # 세 표의 평균
    return layer_norm(mean_vec, gamma, beta, eps)
