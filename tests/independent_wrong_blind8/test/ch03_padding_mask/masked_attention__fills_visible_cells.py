# 실수: 마스크가 True(볼 수 있음)인 칸을 -1e9 로 채워 보여야 할 칸을 가리고 [PAD] 를 봄
# mistake: fills the cells where the mask is True (visible) with -1e9, hiding what should be seen and attending to [PAD]
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    kt = key.transpose(-2, -1)
    sc = torch.matmul(query, kt) / query.shape[-1] ** 0.5
    if mask is not None:
        sc = torch.where(mask.bool(), torch.full_like(sc, -1e9), sc)  # 마스크 자리를 -1e9
    weights = sc.softmax(dim=-1)
    return torch.matmul(weights, value), weights
