# 실수: transpose 없이 reshape(B, S, h·d_k) 만 함
# mistake: reshapes to [B, S, h·d_k] without transposing back
import math

import torch


def merge_heads(x):
    B, h, S, d_k = x.shape
    return x.reshape(B, S, h * d_k)
