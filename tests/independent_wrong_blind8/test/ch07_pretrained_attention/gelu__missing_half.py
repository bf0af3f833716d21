# 실수: 마지막에 2 로 나누지 않아 결과가 두 배가 됨
# mistake: forgets to divide by 2, so the result is twice too large
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x / math.sqrt(2)))
