# 실수: mask 가 None 인지 보지 않고 바로 비교해서 기본값에서 오류
# mistake: compares the mask without checking for None, so the default fails
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return p_attn @ value, p_attn
