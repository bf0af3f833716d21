# 실수: softmax 를 마지막 축이 아니라 dim=1 (Query 축이나 머리 축) 로 계산함
# mistake: takes the softmax along dim=1 (the query or head axis) instead of the last axis
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1e9)
    probs = logits.softmax(dim=1)
    return probs @ value, probs
