# 실수: 나누어떨어지는지를 d_model 대신 자리 수 x.size(1) 로 검사해, 맞는 입력에도 ValueError 를 내거나 틀린 입력을 지나칩니다
# mistake: checks divisibility on the sequence length x.size(1) instead of d_model, so it raises ValueError on valid inputs or lets bad ones through
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    if x.size(1) % num_heads:
        raise ValueError(f"d_model={x.size(-1)}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    B, S, D = x.shape
    return x.view(B, S, num_heads, D // num_heads).transpose(1, 2)
