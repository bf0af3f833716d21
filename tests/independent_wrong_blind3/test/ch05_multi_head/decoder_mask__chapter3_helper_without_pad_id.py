# 실수: 3장의 padding_mask 를 불러 쓰면서 pad_id 를 넘기지 않음
# mistake: calls chapter 3's padding_mask without passing pad_id
import math

import torch

# (3장에서 맞게 작성한 함수)
def padding_mask(x, pad_id=0):
    return (x != pad_id).unsqueeze(1)

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = padding_mask(x).unsqueeze(1)
    return pad & causal_mask(x.size(1))
