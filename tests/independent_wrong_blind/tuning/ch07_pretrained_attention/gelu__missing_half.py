# 실수: 마지막에 2 로 나누는 것(½)을 빼먹어 값이 두 배가 됩니다.
# mistake: forgets the factor ½, so every value is doubled.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x / math.sqrt(2)))
