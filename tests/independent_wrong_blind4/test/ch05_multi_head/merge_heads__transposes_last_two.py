# 실수: 머리 축이 아니라 마지막 두 축 (자리, 좌표) 을 바꾼 뒤 합침
# mistake: transposes the last two axes (position, coordinate) instead of the head axis before merging
import math

import torch  # 텐서


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    batch, heads, seq, d_k = x.shape
    return x.transpose(2, 3).reshape(batch, seq, heads * d_k)
