# 실수: torch.where(mask == 0, scores, -1e9) 로 써서 가려야 할 칸은 남기고 볼 수 있는 칸을 -1e9 로 바꿈
# mistake: writes torch.where(mask == 0, scores, -1e9), which keeps the masked cells and fills the visible ones with -1e9
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    dk = query.shape[-1]
    sc = query @ key.transpose(-2, -1) / math.sqrt(dk)
    if mask is not None:
        sc = torch.where(mask == 0, sc, torch.tensor(-1e9, dtype=sc.dtype))
    p_attn = torch.softmax(sc, dim=-1)
    return p_attn @ value, p_attn
