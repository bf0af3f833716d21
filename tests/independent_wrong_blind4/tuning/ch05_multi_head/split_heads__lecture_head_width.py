# 실수: 강의의 d_k = 2 를 박아 view(B, S, num_heads, 2) 로 쪼갬
# mistake: hard-codes the lecture's d_k = 2 in view(B, S, num_heads, 2)
import math

import torch  # 텐서


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(batch, seq, num_heads, 2).transpose(1, 2)
