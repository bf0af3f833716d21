# 실수: 괄호를 잘못 쳐서 √2 로 x 가 아니라 erf(x) 를 나눔: x · (1 + erf(x)/√2) / 2
# mistake: misplaced parenthesis divides erf(x) by √2 instead of its argument: x · (1 + erf(x)/√2) / 2
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * (1 + torch.erf(x) / math.sqrt(2))
