# 실수: 원소가 여럿인 텐서에 math.erf 를 써서 오류가 남 (torch.erf 여야 함)
# mistake: applies math.erf to a multi-element tensor, which raises (torch.erf is needed)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    phi = 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))
    return x * phi
