# 실수: 마스크가 True 인 칸(볼 수 있는 칸)을 -1e9 로 가림
# mistake: fills -1e9 where the mask is True, hiding the visible keys
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask.bool(), -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return p_attn @ value, p_attn
