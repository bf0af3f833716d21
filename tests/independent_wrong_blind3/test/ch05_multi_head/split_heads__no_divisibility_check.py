# 실수: 나누어떨어지는지 보지 않아 view 의 RuntimeError 가 남
# mistake: does not check divisibility, so view raises RuntimeError instead of ValueError
import math

import torch


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
