# 실수: reshape(B, h, S, d_k) 하나로 나눠서 모양만 맞고 자리와 좌표가 섞입니다. view(B, S, h, d_k) 뒤에 transpose(1, 2) 를 해야 합니다.
# mistake: A single reshape(B, h, S, d_k) only gets the shape right and mixes positions with coordinates; view(B, S, h, d_k) then transpose(1, 2) is needed.
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)
