# 실수: 튜플의 순서를 바꿔 (p_attn, output) 으로 돌려줍니다
# mistake: returns the tuple in the order (p_attn, output)
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention."""
    sc = query @ key.mT / math.sqrt(query.size(-1))
    if mask is not None:
        sc = torch.where(mask.bool(), sc, torch.full_like(sc, -1e9))
    w = torch.softmax(sc, dim=-1)
    out = w @ value
    return w, out   # 비율표, 결과
