# 실수: 받은 마스크에 unsqueeze(1) 로 축을 하나 더 붙여 점수표와 다른 축에 맞춰지고 결과 모양이 커짐
# mistake: adds another axis to the given mask with unsqueeze(1), so it lines up with the wrong axes of the scores and the result grows
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    dk = query.shape[-1]
    raw = torch.einsum("...qd,...kd->...qk", query, key) / dk ** 0.5
    if mask is not None:
        mask = mask.unsqueeze(1)  # 모든 Query 줄에 퍼지도록
        raw = torch.where(mask != 0, raw, torch.tensor(-1e9, dtype=raw.dtype))
    attn = torch.softmax(raw, dim=-1)
    return attn @ value, attn
