# 실수: d_model 을 x.size(1) (자리 수)에서 읽음
# mistake: reads d_model from x.size(1), the sequence length
import math

import torch


def split_heads(x, num_heads):
    B, S = x.shape[0], x.shape[1]
    d_model = x.size(1)
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, -1).transpose(1, 2)
