# 실수: view(B, S, h, d_k) 로 쪼개기만 하고 transpose(1, 2) 를 하지 않아 [B, S, h, d_k] 를 돌려줌
# mistake: splits with view(B, S, h, d_k) but never calls transpose(1, 2), returning [B, S, h, d_k]
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.size()
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}을 머리 {num_heads}개로 똑같이 나눌 수 없습니다")
    d_k = d_model // num_heads
    heads = x.view(B, S, num_heads, d_k)  # 마지막 축만 쪼개기
    return heads
