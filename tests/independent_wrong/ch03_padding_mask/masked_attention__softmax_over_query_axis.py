# 실수: softmax 를 마지막 축이 아니라 dim=-2 (Query 축)로 해서 줄이 아니라 열마다 합이 1 입니다.
# mistake: Takes the softmax over dim=-2 (the query axis) instead of the last dim.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.shape[-1]
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1.0e9)
    p_attn = torch.softmax(logits, dim=-2)
    return p_attn @ value, p_attn
