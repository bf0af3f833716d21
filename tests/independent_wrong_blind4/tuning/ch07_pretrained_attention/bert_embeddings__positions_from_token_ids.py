# 실수: 위치 표를 자리 번호가 아니라 토큰 번호 input_ids 로 찾아 표 끝을 넘음
# mistake: looks the position table up by the token ids instead of the positions, running past its end
import math  # √ 계산에

import torch  # 텐서

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    """LayerNorm(word[input_ids] + position[0..S−1] + token_type[token_type_ids]): [B, S] → [B, S, d]."""
    summed = word[input_ids] + position[input_ids] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
