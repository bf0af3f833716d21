# 실수: transpose 없이 reshape(B, S, h·d_k) 만 해서 머리와 자리가 섞임
# mistake: reshapes to (B, S, h·d_k) without transposing first, so heads and positions get mixed
import math

import torch  # 텐서

from helpers import data


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads를 거꾸로."""
    B, h, S, d_k = x.size()
    merged = x.reshape(B, S, h * d_k)  # 머리들을 이어 붙이기
    return merged
