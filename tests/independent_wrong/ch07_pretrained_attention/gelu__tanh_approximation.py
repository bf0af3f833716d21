# 실수: erf 를 쓰는 정확한 식이 아니라 tanh 근사식을 썼습니다.
# mistake: Uses the tanh approximation of GELU instead of the exact erf formula.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
