# 실수: x 의 원소마다 math.erf 를 부르는 반복문을 써서, 2차원 이상의 입력에서는 원소가 텐서라 오류가 남
# mistake: loops over x calling math.erf on each item, so for inputs of two or more dimensions each item is a tensor and it raises
import math  # √ 계산에

import torch  # 텐서

from helpers import data
from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    cdf = torch.tensor([0.5 * (1 + math.erf(v / math.sqrt(2))) for v in x], dtype=x.dtype)
    return x * cdf
