# 실수: d_k 를 value 의 마지막 차원 d_v 로 잡아 √d_v 로 나눔
# mistake: takes d_k from value's last dimension, dividing by √d_v
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d = value.size(-1)
    s = query @ key.transpose(-1, -2) / math.sqrt(d)
    if mask is not None:
        s = s.masked_fill(~mask.bool(), -1e9)
    p = torch.softmax(s, dim=-1)
    return p @ value, p
