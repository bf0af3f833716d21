# 실수: -1e9 대신 -inf 로 채워 모두 가린 줄이 NaN
# mistake: fills -inf instead of -1e9, so a fully masked row becomes NaN
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.shape[-1]
    att = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        att = att.masked_fill(mask == 0, float("-inf"))
    p_attn = torch.softmax(att, dim=-1)
    return p_attn @ value, p_attn
