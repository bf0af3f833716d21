# 실수: view 다음 transpose 대신 reshape(B, h, S, d_k) 하나로 나눠서 모양만 맞고 자리와 좌표가 섞였습니다.
# mistake: Splits with a single reshape(B, h, S, d_k) instead of view then transpose: right shape, scrambled positions.
import torch


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 이(가) num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return x.reshape(B, num_heads, S, d_k)
