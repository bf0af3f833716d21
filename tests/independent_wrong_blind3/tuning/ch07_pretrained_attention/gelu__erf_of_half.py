# 실수: erf 안에서 √2 대신 2 로 나눔
# mistake: divides by 2 inside erf instead of √2
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    return 0.5 * x * (1 + torch.erf(x / 2))
