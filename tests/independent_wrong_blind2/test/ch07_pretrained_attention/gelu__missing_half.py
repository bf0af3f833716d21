# 실수: 마지막의 / 2 (곧 0.5 배)를 빠뜨려 모든 값이 두 배입니다.
# mistake: The final / 2 (the factor 0.5) is missing, so every value is doubled.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x / math.sqrt(2)))
