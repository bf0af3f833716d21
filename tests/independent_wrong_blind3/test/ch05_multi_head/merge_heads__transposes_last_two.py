# 실수: transpose(1, 2) 대신 마지막 두 축을 바꿈
# mistake: transposes the last two axes instead of axes 1 and 2
import math

import torch


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.transpose(-2, -1).contiguous().view(B, S, h * d_k)
