# 실수: erf 안에서 √2 로 나누지 않고 곱하며, 0.5 를 곱한 뒤 다시 2 로 나눕니다
# mistake: multiplies by √2 inside the erf instead of dividing, and halves twice (times 0.5 and then divided by 2)
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    z = x * math.sqrt(2.0)
    return 0.5 * x * (1 + torch.erf(z)) / 2
