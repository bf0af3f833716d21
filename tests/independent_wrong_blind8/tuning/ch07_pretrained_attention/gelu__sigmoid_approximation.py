# 실수: 정확한 erf 식이 아니라 x·sigmoid(1.702x) 근사로 계산함
# mistake: computes the approximation x·sigmoid(1.702x) instead of the exact erf formula
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.sigmoid(1.702 * x)  # 빠른 GELU
