# 실수: 강의의 d_model = 6 을 박아 view(B, S, 6) 으로 합침
# mistake: hard-codes the lecture's d_model = 6 in view(B, S, 6)
import math

import torch  # 텐서


def merge_heads(x):
    """[B, h, S, d_k] → [B, S, h·d_k]: split_heads 를 거꾸로."""
    batch, heads, seq, d_k = x.shape
    return x.transpose(1, 2).contiguous().view(batch, seq, 6)
