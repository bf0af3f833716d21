# 실수: 마스크에 언제나 unsqueeze(1) 로 머리 축을 붙여 3차원 점수표가 4차원으로 퍼짐
# mistake: always adds a head axis with mask.unsqueeze(1), so 3-D scores broadcast to 4-D
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask.unsqueeze(1) == 0, -1e9)
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
