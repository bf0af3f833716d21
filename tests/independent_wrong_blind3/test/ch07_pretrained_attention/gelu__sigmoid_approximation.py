# 실수: x · sigmoid(1.702 x) 근사식을 씀
# mistake: uses the x · sigmoid(1.702 x) approximation
import math

import torch

from helpers.given import layer_norm, split_heads


def gelu(x):
    return x * torch.sigmoid(1.702 * x)
