# 실수: 마스크를 softmax 앞이 아니라 뒤에서 곱함: [PAD] 칸은 0 이 되지만 줄의 합이 1 이 아님 (다시 나누지 않음)
# mistake: multiplies the weights by the mask after the softmax instead of filling scores before it; [PAD] columns become 0 but rows no longer sum to 1
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    s = query @ key.transpose(-2, -1) / math.sqrt(query.size(-1))
    p_attn = torch.softmax(s, dim=-1)
    if mask is not None:
        p_attn = p_attn * mask  # [PAD] 열은 0 으로
    out = p_attn @ value
    return out, p_attn
