# 실수: mask 가 None 인지 확인하지 않고 masked_fill 을 불러서, 기본값 mask=None 으로 부르면 오류가 납니다.
# mistake: masked_fill is called without checking for None, so calling with the default mask=None raises an error.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    hide = mask == 0
    scores = scores.masked_fill(hide, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return p_attn @ value, p_attn
