# 실수: view 뒤 transpose 를 빠뜨려 [B, S, h, d_k]
# mistake: forgets the transpose after view, returning [B, S, h, d_k]
import math

import torch


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k)
