# 실수: erf 대신 Google BERT 코드의 tanh 근사식을 씀
# mistake: uses the tanh approximation of Google's BERT code instead of erf
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3))))
