# 실수: d_k 대신 Key 자리 수 key.size(-2) 의 제곱근으로 나눔
# mistake: divides by the square root of the key count key.size(-2) instead of d_k
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    att = query @ key.transpose(-2, -1) / math.sqrt(key.size(-2))
    if mask is not None:
        att = att.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(att, dim=-1)
    return weights @ value, weights
