# 실수: mask == 1 인 칸 (볼 수 있는 칸) 을 -1e9 로 가림
# mistake: fills the cells where mask == 1 (the visible keys) with -1e9
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask == 1, -1e9)
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
