# 실수: erf 안에서 √2 로 나누지 않음: erf(x)
# mistake: leaves out the division by √2 inside erf: erf(x)
import math  # √ 계산에

import torch  # 텐서


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.erf(x))
