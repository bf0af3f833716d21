# 실수: key 를 `transpose(1, 2)` 로 전치해 [batch, seq, d_k] 에서만 맞고, 머리 축이 붙은 4차원 입력에서는 오류가 납니다
# mistake: transposes key with transpose(1, 2), which is right for [batch, seq, d_k] only and fails on 4-D inputs with a head axis
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    kt = key.transpose(1, 2)               # Key 를 전치
    att = query @ kt / math.sqrt(query.shape[-1])
    if mask is not None:
        att = att.masked_fill(mask == 0, -1e9)
    probs = att.softmax(dim=-1)
    return probs @ value, probs
