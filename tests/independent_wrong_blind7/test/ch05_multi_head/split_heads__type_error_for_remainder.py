# 실수: 나누어떨어지지 않을 때 ValueError 대신 TypeError 를 냅니다
# mistake: raises TypeError instead of ValueError when num_heads does not divide d_model
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise TypeError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
