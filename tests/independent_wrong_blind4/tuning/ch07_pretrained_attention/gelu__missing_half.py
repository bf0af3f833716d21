# 실수: 마지막 ÷ 2 를 빠뜨려 두 배가 됨
# mistake: leaves out the final ÷ 2, so the result is doubled
import math  # √ 계산에

import torch  # 텐서


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    return x * (1 + torch.erf(x / math.sqrt(2)))
