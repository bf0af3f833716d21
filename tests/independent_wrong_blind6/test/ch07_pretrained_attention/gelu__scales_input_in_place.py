# 실수: x *= … 로 입력 텐서를 제자리에서 바꿔 돌려줌
# mistake: multiplies x in place (x *= …), changing the caller's tensor
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    x *= 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
    return x
