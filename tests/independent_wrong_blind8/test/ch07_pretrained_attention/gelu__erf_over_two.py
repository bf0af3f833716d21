# 실수: erf 안에서 √2 가 아니라 2 로 나눔
# mistake: divides by 2 instead of √2 inside the erf
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    cdf = (1 + torch.erf(x / 2)) / 2   # Φ(x)
    return x * cdf
