# 실수: d_k 를 query 가 아니라 value 의 마지막 차원(d_v)에서 읽었습니다. d_v ≠ d_k 이면 나누는 수가 틀립니다.
# mistake: Reads d_k from value's last dimension (d_v) instead of query's.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = value.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 0, -1.0e9)
    p_attn = torch.softmax(logits, dim=-1)
    return p_attn @ value, p_attn
