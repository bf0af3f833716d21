# 실수: 원래 BERT 코드의 tanh 근사식을 씀
# mistake: uses the tanh approximation of the original BERT code
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
