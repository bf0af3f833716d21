# 실수: 위치 표를 len(input_ids) (문장 수 B) 만큼 잘라 써서 자리 수 S 와 맞지 않음
# mistake: slices the position table to len(input_ids), the number of sentences B, instead of the sequence length S
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def bert_embeddings(input_ids, token_type_ids, word, position, token_type, gamma, beta, eps=1e-12):
    pos = position[:len(input_ids)]
    emb = word[input_ids] + pos + token_type[token_type_ids]
    return layer_norm(emb, gamma, beta, eps)
