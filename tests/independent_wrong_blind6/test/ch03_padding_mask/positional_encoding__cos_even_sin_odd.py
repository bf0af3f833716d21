# 실수: 짝수 열에 cos, 홀수 열에 sin 을 넣어 둘을 바꿈
# mistake: puts cos in the even columns and sin in the odd ones (swapped)
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    table = torch.empty(max_len, d_model)
    where = torch.arange(max_len, dtype=torch.float32)[:, None]
    rate = 1.0 / 10000.0 ** (torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    table[:, 0::2] = torch.cos(where * rate)
    table[:, 1::2] = torch.sin(where * rate)
    return table
