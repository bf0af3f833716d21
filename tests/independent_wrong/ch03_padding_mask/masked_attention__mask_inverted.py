# 실수: mask 가 True 인 칸(볼 수 있는 칸)을 -1e9 로 바꿔, 실제 낱말을 가리고 [PAD] 만 봅니다.
# mistake: Fills the positions where the mask is True (the ones that may be attended) with -1e9: the mask is used inverted.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.shape[-1]
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        logits = logits.masked_fill(mask.bool(), -1e9)
    p_attn = torch.softmax(logits, dim=-1)
    return p_attn @ value, p_attn
