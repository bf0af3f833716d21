# 실수: view(B, S, d_k, h) 로 쪼개 머리가 이어진 좌표가 아니라 h 칸 건너 하나씩의 좌표를 가져감
# mistake: splits with view(B, S, d_k, h), so each head takes every h-th coordinate instead of a contiguous block
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, D = x.shape
    if D % num_heads:
        raise ValueError(f"d_model={D}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    d_k = D // num_heads
    return x.view(B, S, d_k, num_heads).permute(0, 3, 1, 2)  # 머리 축을 앞으로
