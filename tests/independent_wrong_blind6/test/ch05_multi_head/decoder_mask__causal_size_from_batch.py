# 실수: causal_mask 의 크기를 자리 수가 아니라 문장 수 x.size(0) 으로 잡음
# mistake: sizes the causal mask with the number of sentences x.size(0) instead of the sequence length
import math

import torch  # 텐서

from helpers import data


# (문제 3 에서 맞게 작성한 함수)
def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool))


def decoder_mask(x, pad_id=0):
    n = x.size(0)
    padding = (x != pad_id).view(x.size(0), 1, 1, x.size(1))
    return padding & causal_mask(n)
