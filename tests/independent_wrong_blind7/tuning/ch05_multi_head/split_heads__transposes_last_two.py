# 실수: view 뒤에 transpose(1, 2) 대신 transpose(-2, -1) 을 써서 [B, S, d_k, h] 를 돌려줍니다
# mistake: after the view it uses transpose(-2, -1) instead of transpose(1, 2), returning [B, S, d_k, h]
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    B, S, d_model = x.size()
    if d_model % num_heads:
        raise ValueError(f"d_model={d_model}을 머리 {num_heads}개로 나눌 수 없습니다")
    pieces = x.view(B, S, num_heads, d_model // num_heads)
    return pieces.transpose(-2, -1)   # 머리 축을 앞으로
