# 실수: view 와 transpose 대신 reshape(B, h, S, d_k) 하나로 모양만 맞춰 자리와 좌표가 섞임
# mistake: uses a single reshape(B, h, S, d_k) instead of view then transpose, so the shape fits but positions and coordinates get mixed
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.reshape(B, num_heads, S, d_model // num_heads)
