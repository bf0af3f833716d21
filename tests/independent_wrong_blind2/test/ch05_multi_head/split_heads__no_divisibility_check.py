# 실수: 나누어떨어지는지 확인하지 않아서, 그런 입력에서는 view 의 RuntimeError 가 납니다. d_model 값을 담은 ValueError 를 직접 내야 합니다.
# mistake: Divisibility is not checked, so such inputs end in view's RuntimeError; a ValueError naming d_model must be raised.
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
