# 실수: view 로 쪼갠 뒤 transpose(1, 2) 를 빠뜨려 [B, S, h, d_k] 를 돌려줌
# mistake: splits with view but leaves out transpose(1, 2), returning [B, S, h, d_k]
import math

import torch  # 텐서


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(batch, seq, num_heads, d_model // num_heads)
