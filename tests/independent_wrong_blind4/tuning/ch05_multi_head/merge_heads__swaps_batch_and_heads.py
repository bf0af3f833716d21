# 실수: transpose(1, 2) 대신 transpose(0, 1) 로 문장 축과 머리 축을 바꿈
# mistake: uses transpose(0, 1) instead of transpose(1, 2), swapping the batch and head axes
import math

import torch  # 텐서


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    batch, heads, seq, d_k = x.shape
    return x.transpose(0, 1).reshape(batch, seq, heads * d_k)
