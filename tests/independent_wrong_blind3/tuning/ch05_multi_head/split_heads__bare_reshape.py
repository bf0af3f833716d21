# 실수: view 와 transpose 대신 reshape(B, h, S, d_k) 하나로 나눔
# mistake: splits with a single reshape(B, h, S, d_k), mixing positions
import math

import torch


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.reshape(B, num_heads, S, d_k)
