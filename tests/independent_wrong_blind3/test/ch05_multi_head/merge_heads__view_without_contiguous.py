# 실수: transpose 뒤 contiguous 없이 view 를 불러 오류
# mistake: calls view right after transpose without contiguous
import math

import torch


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(1, 2).view(B, S, h * d_k)
