# 실수: GELU 대신 Swish (SiLU) x · sigmoid(x) 를 계산합니다
# mistake: computes Swish (SiLU) x · sigmoid(x) instead of GELU
import math  # √ 계산에

import torch  # 텐서

from helpers import data

from helpers.given import layer_norm, split_heads  # 6강의 LayerNorm, 5강의 머리 나누기


def gelu(x):
    return x * torch.sigmoid(x)
