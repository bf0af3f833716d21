# 실수: math.erf 는 숫자 하나만 받습니다. 텐서 전체에는 torch.erf 를 써야 합니다.
# mistake: math.erf takes a single number; the whole tensor needs torch.erf.
import math

import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + math.erf(x / math.sqrt(2))) / 2
