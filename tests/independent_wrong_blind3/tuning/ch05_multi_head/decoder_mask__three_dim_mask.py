# 실수: 3장처럼 [B, S, S] 로 돌려줌
# mistake: returns chapter 3's [B, S, S] shape
import math

import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id).unsqueeze(1)
    return pad & causal_mask(x.size(1))
