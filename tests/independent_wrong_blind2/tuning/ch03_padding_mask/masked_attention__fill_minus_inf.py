# 실수: 가린 칸을 -1e9 가 아니라 -inf 로 채워서, Key 가 모두 가려진 줄이 nan 이 됩니다.
# mistake: Masked cells are filled with -inf instead of -1e9, so a row whose keys are all masked becomes nan.
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    """마스크를 쓰는 scaled dot-product attention: (output [..., S_q, d_v], p_attn [..., S_q, S_k])."""
    scores = query.matmul(key.mT) / math.sqrt(query.size(-1))
    if mask is not None:
        hide = mask == 0
        scores = scores.masked_fill(hide, float("-inf"))
    p_attn = scores.softmax(dim=-1)
    mixed = torch.matmul(p_attn, value)
    return mixed, p_attn
