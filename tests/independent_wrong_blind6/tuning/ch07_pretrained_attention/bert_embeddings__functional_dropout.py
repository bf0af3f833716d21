# 실수: BERT 처럼 마지막에 F.dropout(p=0.1) 을 넣었는데 training 기본값이 True 라 무작위로 0 이 생김
# mistake: adds F.dropout(p=0.1) at the end as BERT does, but training defaults to True, so random entries become 0
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    S = input_ids.shape[1]
    h = word[input_ids] + position[:S] + token_type[token_type_ids]
    h = layer_norm(h, gamma, beta, eps)
    return torch.nn.functional.dropout(h, p=0.1)
