# 실수: unflatten(-1, (d_k, h)) 로 쪼갠 뒤 머리 축을 앞으로 옮겨, 머리마다 이어진 좌표가 아니라 h 칸씩 건너뛴 좌표를 가져감
# mistake: unflattens the last axis as (d_k, h) and moves the head axis forward, so each head takes every h-th coordinate instead of a contiguous block
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    d_model = x.shape[-1]
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.unflatten(-1, (d_k, num_heads)).movedim(-1, 1)
