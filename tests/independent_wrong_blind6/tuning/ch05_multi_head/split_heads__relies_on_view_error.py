# 실수: 나누어떨어지는지 확인하지 않고 d_model // num_heads 로 view 해, ValueError 대신 view 의 RuntimeError 가 남
# mistake: never checks divisibility and views with d_model // num_heads, so view's RuntimeError comes out instead of ValueError
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
