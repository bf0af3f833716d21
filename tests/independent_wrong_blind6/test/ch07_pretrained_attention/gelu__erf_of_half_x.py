# 실수: √2 대신 2 로 나눠 erf(x / 2) 를 씀
# mistake: divides by 2 instead of √2 inside the erf, erf(x / 2)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    phi = 0.5 * (1.0 + torch.erf(x / 2))
    return x * phi
