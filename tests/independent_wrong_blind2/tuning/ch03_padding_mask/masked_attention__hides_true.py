# 실수: mask == 1 인 칸, 곧 볼 수 있는 칸을 -1e9 로 가렸습니다. 가릴 칸은 mask 가 False (0) 인 칸입니다.
# mistake: The cells where mask == 1, the visible ones, are set to -1e9; the cells to hide are where the mask is False (0).
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / d_k ** 0.5
    if mask is not None:
        hide = mask == 1
        scores = scores.masked_fill(hide, -1e9)
    p_attn = torch.softmax(scores, dim=-1)
    return p_attn @ value, p_attn
