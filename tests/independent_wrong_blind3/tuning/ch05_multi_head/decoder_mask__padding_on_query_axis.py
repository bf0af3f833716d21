# 실수: 패딩을 Key(열)가 아니라 Query(줄) 축에 놓음
# mistake: puts the padding on the query (row) axis instead of the key (column) axis
import math

import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id)[:, None, :, None]
    return pad & causal_mask(x.size(1))
