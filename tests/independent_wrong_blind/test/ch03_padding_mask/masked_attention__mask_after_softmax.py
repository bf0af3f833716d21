# 실수: softmax 를 먼저 하고 그 비율에 마스크를 곱합니다. 가린 칸은 0 이 되지만 줄의 합이 1 이 아니게 됩니다 (다시 나누지 않음).
# mistake: applies the softmax first and then multiplies the weights by the mask, so masked cells are 0 but the rows no longer sum to 1.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    raw = query @ key.mT / math.sqrt(query.size(-1))
    attn = raw.softmax(dim=-1)
    if mask is not None:
        attn = attn * mask  # 가린 칸은 0 으로
    return attn @ value, attn
