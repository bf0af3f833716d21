# 실수: None 검사를 if mask: 로 써서 원소가 여럿인 마스크 텐서에서 RuntimeError 가 남
# mistake: tests for the mask with `if mask:`, which raises RuntimeError for a mask tensor of several elements
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    dk = query.shape[-1]
    sc = query @ key.mT / math.sqrt(dk)
    if mask:
        sc = sc.masked_fill(mask == 0, -1e9)
    w = torch.softmax(sc, dim=-1)
    return w @ value, w
