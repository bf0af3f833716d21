# 실수: 마지막 축을 (d_k, h) 로 쪼개 좌표를 머리마다 번갈아 나눠 줌 (이어진 좌표가 아님)
# mistake: splits the last axis as (d_k, h), dealing coordinates to the heads in turn instead of in blocks
import math

import torch  # 텐서


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    return x.view(batch, seq, d_model // num_heads, num_heads).permute(0, 3, 1, 2)
