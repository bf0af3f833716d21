# 실수: 위치 표를 자리 번호 0…S−1 이 아니라 토큰 번호 input_ids 로 꺼내 위치 표(512 줄)를 넘는 번호에서 오류가 남
# mistake: indexes the position table with the token ids input_ids instead of the positions 0…S−1, so ids beyond its 512 rows raise
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    summed = word[input_ids] + position[input_ids] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
