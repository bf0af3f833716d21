# 실수: 마스크가 True 인 칸(볼 수 있는 칸)을 -1e9 로 가림
# mistake: fills -1e9 where the mask is True, hiding the visible keys
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.shape[-1]
    att = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        att = att.masked_fill(mask.bool(), -1e9)
    p_attn = torch.softmax(att, dim=-1)
    return p_attn @ value, p_attn
