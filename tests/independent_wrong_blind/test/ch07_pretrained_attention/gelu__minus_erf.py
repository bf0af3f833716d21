# 실수: 1 + erf 가 아니라 1 − erf 로 써서 부호가 뒤집힌 Φ(−x) 를 곱합니다.
# mistake: writes 1 − erf instead of 1 + erf, multiplying by Φ(−x) instead of Φ(x).
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 - torch.erf(x / math.sqrt(2)))
