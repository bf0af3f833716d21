# 실수: mask 가 None 인지 확인하지 않고 언제나 masked_fill(mask == 0, …) 을 해서, 마스크 없이 부르면(기본값 None) 오류가 납니다.
# mistake: always calls masked_fill(mask == 0, …) without checking for None, so a call without a mask (the default None) raises.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    dk = query.shape[-1]
    s = query @ key.transpose(-2, -1) / math.sqrt(dk)
    s = s.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(s, dim=-1)
    return weights @ value, weights
