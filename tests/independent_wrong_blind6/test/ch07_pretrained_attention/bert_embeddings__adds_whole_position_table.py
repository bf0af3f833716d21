# 실수: 위치 표 position [P, d] 를 통째로 더해, P 가 S 와 다르면 모양이 맞지 않음
# mistake: adds the whole position table [P, d], which does not fit unless P equals S
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    x = word[input_ids] + token_type[token_type_ids]
    x = x + position
    return layer_norm(x, gamma, beta, eps)
