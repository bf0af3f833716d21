# 실수: 나머지를 num_heads % d_model 로 거꾸로 구해, 맞는 머리 수에서도 ValueError 를 냄
# mistake: computes the remainder the wrong way round (num_heads % d_model), so it raises ValueError for valid head counts
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if num_heads % d_model != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(B, S, num_heads, d_model // num_heads).transpose(1, 2)
