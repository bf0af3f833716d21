# 실수: view(B, S, d_k, h) 로 쪼개 머리가 띄엄띄엄 좌표를 가져감
# mistake: splits as view(B, S, d_k, h), so each head takes every h-th coordinate
import math

import torch


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(B, S, d_k, num_heads).permute(0, 3, 1, 2)
