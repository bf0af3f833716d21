# 실수: d_k 를 query 가 아니라 value 의 마지막 차원 (d_v) 에서 읽음
# mistake: reads d_k from value's last size (d_v) instead of query's
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = value.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
