# 실수: ValueError 대신 assert 로 확인해 AssertionError 가 남
# mistake: checks with assert, raising AssertionError instead of ValueError
import math

import torch  # 텐서


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = x.shape
    assert d_model % num_heads == 0, f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다"
    return x.view(batch, seq, num_heads, d_model // num_heads).transpose(1, 2)
