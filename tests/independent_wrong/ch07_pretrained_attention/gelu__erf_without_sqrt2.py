# 실수: erf 안에서 x 를 √2 로 나누는 것을 빠뜨렸습니다: erf(x).
# mistake: Leaves out the ÷√2 inside the erf (uses erf(x) instead of erf(x/√2)).
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x)) / 2
