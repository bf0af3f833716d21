# 실수: 나누어떨어지지 않을 때 ValueError 가 아니라 assert 로 AssertionError 를 냄
# mistake: uses assert, raising AssertionError instead of ValueError when the heads do not divide d_model
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    assert d_model % num_heads == 0, f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다"
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
