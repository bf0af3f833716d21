# 실수: 건네받은 layer_norm 에 gamma 와 beta 를 바꿔 넘깁니다: layer_norm(x, beta, gamma, eps)
# mistake: passes gamma and beta to the given layer_norm in swapped order: layer_norm(x, beta, gamma, eps)
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.size(1)
    x = word[input_ids] + position[:S].unsqueeze(0) + token_type[token_type_ids]
    return layer_norm(x, beta, gamma, eps)
