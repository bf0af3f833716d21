# 실수: erf(x / √2) 가 아니라 erf(x) / √2 로 써서 나누는 자리가 틀림
# mistake: writes erf(x) / √2 instead of erf(x / √2)
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    return x * (1 + torch.erf(x) / math.sqrt(2)) / 2
