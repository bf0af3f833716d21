# 실수: x 를 곱하지 않아 Φ(x) 만 돌려줌
# mistake: forgets to multiply by x, returning Φ(x) alone
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    cdf = 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
    return cdf
