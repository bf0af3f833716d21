# 실수: 누적분포 Φ(x) 대신 확률밀도 φ(x) = e^(−x²/2)/√(2π) 를 곱합니다.
# mistake: multiplies by the normal density φ(x) = e^(−x²/2)/√(2π) instead of the cumulative distribution Φ(x).
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)
