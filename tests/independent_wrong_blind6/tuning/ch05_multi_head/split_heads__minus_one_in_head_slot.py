# 실수: view(B, S, -1, num_heads) 로 num_heads 를 마지막에 놓아, 결과가 [B, d_k, S, h] 모양이 됨
# mistake: views as (B, S, -1, num_heads), putting num_heads last, so the result is [B, d_k, S, h]
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    if x.shape[-1] % num_heads:
        raise ValueError(f"d_model={x.shape[-1]}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    B, S, _ = x.shape
    return x.view(B, S, -1, num_heads).transpose(1, 2)
