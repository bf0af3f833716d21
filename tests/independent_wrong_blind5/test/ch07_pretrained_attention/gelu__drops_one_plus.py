# 실수: Φ(x) 의 1 + 를 빠뜨려 x · erf(x/√2) / 2 를 돌려줌
# mistake: drops the 1 + of Φ(x), returning x · erf(x/√2) / 2
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * torch.erf(x / math.sqrt(2.0)) / 2
