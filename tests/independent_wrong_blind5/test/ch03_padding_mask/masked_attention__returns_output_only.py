# 실수: (output, p_attn) 튜플이 아니라 output 하나만 돌려줌
# mistake: returns only output instead of the tuple (output, p_attn)
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    probs = torch.softmax(logits, dim=-1)
    output = probs @ value
    return output
