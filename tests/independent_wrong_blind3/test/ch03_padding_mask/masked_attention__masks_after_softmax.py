# 실수: softmax 뒤에 비율에 마스크를 곱하고 다시 정규화하지 않음
# mistake: multiplies the weights by the mask after the softmax without renormalising
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.shape[-1]
    att = query @ key.transpose(-2, -1) / d_k ** 0.5
    p_attn = torch.softmax(att, dim=-1)
    if mask is not None:
        p_attn = p_attn * mask
    return p_attn @ value, p_attn
