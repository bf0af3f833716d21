# 실수: erf 를 쓴 정확한 식이 아니라 tanh 근사식을 씁니다. 1e-5 안에서 같지 않습니다.
# mistake: uses the tanh approximation instead of the exact erf formula; they differ by more than 1e-5.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
