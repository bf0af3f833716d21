# 실수: 정확한 erf 식이 아니라 tanh 근사식으로 계산함
# mistake: computes the tanh approximation instead of the exact erf formula
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
