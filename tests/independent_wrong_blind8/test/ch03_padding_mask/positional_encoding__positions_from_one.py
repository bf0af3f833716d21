# 실수: 자리를 0 이 아니라 1 부터 세어 표가 한 줄씩 밀림
# mistake: counts positions from 1 instead of 0, shifting the table by one row
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    """사인·코사인 위치 인코딩 [max_len, d_model]: 짝수 열은 sin, 홀수 열은 cos."""
    where = torch.arange(1, max_len + 1, dtype=torch.float32).unsqueeze(-1)  # 자리 1, 2, ...
    two_i = 2 * torch.arange(d_model // 2, dtype=torch.float32)
    freq = 1.0 / (10000.0 ** (two_i / d_model))
    out = torch.empty(max_len, d_model)
    out[:, ::2] = torch.sin(where * freq)
    out[:, 1::2] = torch.cos(where * freq)
    return out
