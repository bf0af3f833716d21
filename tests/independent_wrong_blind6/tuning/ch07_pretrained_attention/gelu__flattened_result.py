# 실수: x.flatten() 으로 펼쳐 계산한 뒤 원래 모양으로 되돌리지 않아 1차원 결과를 돌려줌
# mistake: computes on x.flatten() and never reshapes back, returning a 1-D result
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    flat = x.flatten()
    return flat * (1 + torch.erf(flat / math.sqrt(2))) / 2
