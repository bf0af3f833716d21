# 실수: mask 가 None 인지 보지 않고 바로 비교해서 기본값에서 오류
# mistake: compares the mask without checking for None, so the default fails
import math

import torch


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.shape[-1]
    att = query @ key.transpose(-2, -1) / d_k ** 0.5
    att = att.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(att, dim=-1)
    return weights @ value, weights
