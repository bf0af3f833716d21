# 실수: 줄이 좌표, 열이 자리인 [d_model, max_len] 표를 돌려줍니다
# mistake: returns the table as [d_model, max_len], coordinates as rows and positions as columns
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    freqs = torch.exp(-math.log(10000.0) * torch.arange(0, d_model, 2) / d_model)   # [d_model/2]
    positions = torch.arange(max_len, dtype=torch.float32)
    angle = freqs[:, None] * positions[None, :]          # [d_model/2, max_len]
    table = torch.empty(d_model, max_len)
    table[0::2] = torch.sin(angle)   # 짝수 줄: sin
    table[1::2] = torch.cos(angle)   # 홀수 줄: cos
    return table
