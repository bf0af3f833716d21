# 실수: 3강의 Embeddings 처럼 낱말 벡터에 √d 를 곱한 뒤 더함
# mistake: multiplies the word vectors by √d, as ch03's Embeddings did, before adding
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    d = word.shape[-1]
    S = input_ids.shape[-1]
    summed = word[input_ids] * math.sqrt(d) + position[torch.arange(S)] + token_type[token_type_ids]
    return layer_norm(summed, gamma, beta, eps)
