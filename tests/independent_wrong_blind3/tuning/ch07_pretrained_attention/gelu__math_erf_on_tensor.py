# 실수: torch.erf 대신 math.erf 를 텐서에 씀
# mistake: applies math.erf to a tensor instead of torch.erf
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    return 0.5 * x * (1 + math.erf(x / math.sqrt(2)))
