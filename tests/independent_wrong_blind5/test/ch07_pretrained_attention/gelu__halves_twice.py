# 실수: 0.5 를 곱하고 다시 2 로 나눠, 모든 값이 절반이 됨
# mistake: multiplies by 0.5 and also divides by 2, so every value is halved
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.erf(x / math.sqrt(2))) / 2
