# 실수: d_k 를 d_model / num_heads 로 구해 정수가 아닌 float 이 되어 view 가 오류를 냄 (// 여야 함)
# mistake: computes d_k as d_model / num_heads, a float rather than an int, so view raises (// is needed)
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    """[B, S, d_model] → [B, h, S, d_k], d_k = d_model / num_heads. 나누어떨어지지 않으면 ValueError."""
    batch, seq, d_model = x.shape
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model}이 num_heads={num_heads}로 나누어떨어지지 않습니다")
    d_k = d_model / num_heads
    return x.view(batch, seq, num_heads, d_k).transpose(1, 2)
