# 실수: 1 + erf 를 1 − erf 로 적어 x·Φ(−x) 가 됨
# mistake: writes 1 − erf instead of 1 + erf, giving x·Φ(−x)
import math  # √ 계산에

import torch  # 텐서


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 - torch.erf(x / math.sqrt(2))) / 2
