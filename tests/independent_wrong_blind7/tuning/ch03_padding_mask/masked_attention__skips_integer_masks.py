# 실수: 마스크가 bool 일 때만 가리고, 0/1 정수 마스크는 그냥 지나쳐 아무것도 가리지 않습니다
# mistake: masks only when the mask is bool and silently skips 0/1 integer masks, hiding nothing
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.shape[-1]
    raw = query @ key.transpose(-2, -1) / d_k ** 0.5
    if isinstance(mask, torch.Tensor) and mask.dtype == torch.bool:
        raw = raw.masked_fill(~mask, -1e9)
    probs = torch.softmax(raw, dim=-1)
    return probs @ value, probs
