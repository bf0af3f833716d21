# 실수: 괄호를 빠뜨려 `0.5 * x * 1 + torch.erf(x / √2)` 가 되어, x/2 + erf(x/√2) 를 계산합니다
# mistake: drops the parentheses, writing 0.5 * x * 1 + torch.erf(x / √2), which computes x/2 + erf(x/√2)
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return 0.5 * x * 1 + torch.erf(x / math.sqrt(2))
