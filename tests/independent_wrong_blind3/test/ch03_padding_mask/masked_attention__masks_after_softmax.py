# 실수: softmax 뒤에 비율에 마스크를 곱하고 다시 정규화하지 않음
# mistake: multiplies the weights by the mask after the softmax without renormalising
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    scores = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    p_attn = torch.softmax(scores, dim=-1)
    if mask is not None:
        p_attn = p_attn * mask
    return p_attn @ value, p_attn
