# 실수: 마지막 축을 d_k 씩 split 한 머리 조각들의 리스트를 [B, h, S, d_k] 텐서로 묶지 않고 그대로 돌려줌
# mistake: returns the list of per-head chunks from splitting the last axis into d_k pieces, instead of one [B, h, S, d_k] tensor
import math

import torch  # 텐서

from helpers import data


def split_heads(x, num_heads):
    d_model = x.size(-1)
    if d_model % num_heads != 0:
        raise ValueError(f"d_model={d_model} 은 num_heads={num_heads} 로 나누어떨어지지 않습니다")
    d_k = d_model // num_heads
    return list(torch.split(x, d_k, dim=-1))
