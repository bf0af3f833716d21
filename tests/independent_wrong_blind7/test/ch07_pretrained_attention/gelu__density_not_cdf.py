# 실수: 누적분포 Φ(x) 대신 표준 정규분포의 밀도 φ(x) = exp(−x²/2)/√(2π) 를 곱합니다
# mistake: multiplies by the standard normal density φ(x) = exp(−x²/2)/√(2π) instead of the cumulative Φ(x)
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    phi = torch.exp(-x ** 2 / 2) / math.sqrt(2 * math.pi)   # 표준 정규분포
    return x * phi
