# 실수: assert 로 확인해서 나누어떨어지지 않을 때 AssertionError 가 납니다. 문제는 ValueError 를 요구합니다.
# mistake: The check is an assert, so an indivisible d_model raises AssertionError; the exercise asks for ValueError.
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    assert d_model % num_heads == 0, f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다"
    d_k = d_model // num_heads
    return x.view(B, S, num_heads, d_k).transpose(1, 2)
