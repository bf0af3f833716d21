# 실수: erf 대신 x·sigmoid(1.702x) 근사를 씀
# mistake: uses the approximation x·sigmoid(1.702x) instead of erf
import math  # √ 계산에

import torch  # 텐서


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.sigmoid(1.702 * x)
