# 실수: -1e9 대신 -inf 로 채워 모두 가린 줄이 NaN
# mistake: fills -inf instead of -1e9, so a fully masked row becomes NaN
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    p_attn = torch.softmax(scores, dim=-1)
    return p_attn @ value, p_attn
