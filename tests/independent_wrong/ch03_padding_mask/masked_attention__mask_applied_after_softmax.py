# 실수: 마스크를 softmax 앞의 점수가 아니라 softmax 뒤의 비율에 씌워서 (0 으로), 가린 줄의 합이 1 이 되지 않습니다.
# mistake: Applies the mask after the softmax (zeroing weights) instead of setting the logits to -1e9 before it, so masked rows no longer sum to 1.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    d_k = query.shape[-1]
    logits = query @ key.transpose(-2, -1) / d_k ** 0.5
    p_attn = torch.softmax(logits, dim=-1)
    if mask is not None:
        p_attn = p_attn.masked_fill(mask == 0, 0.0)
    return p_attn @ value, p_attn
