# 실수: causal_mask 에 강의의 자리 수 4 를 박아 넘김
# mistake: passes the lecture's length 4 to causal_mask
import math

import torch

# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    pad = (x != pad_id)[:, None, None, :]
    return pad & causal_mask(4)
