# 실수: mask 가 None 인지 보지 않고 masked_fill 을 불러 기본값에서 오류
# mistake: calls masked_fill without checking for None, so the default mask raises
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    logits = logits.masked_fill(mask == 0, -1e9)
    probs = torch.softmax(logits, dim=-1)
    return probs @ value, probs
