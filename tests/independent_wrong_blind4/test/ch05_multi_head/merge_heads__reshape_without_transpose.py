# 실수: transpose 없이 reshape 만 해서 자리와 머리가 섞임
# mistake: reshapes without transposing first, so positions and heads get mixed
import math

import torch  # 텐서


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    batch, heads, seq, d_k = x.shape
    return x.reshape(batch, seq, heads * d_k)
