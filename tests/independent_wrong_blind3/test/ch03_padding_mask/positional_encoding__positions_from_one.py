# 실수: 자리를 1 부터 셈
# mistake: counts positions from 1
import math

import torch


def positional_encoding(max_len, d_model):
    pos = torch.arange(1, max_len + 1, dtype=torch.float32).unsqueeze(1)
    div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    table = torch.zeros((max_len, d_model))
    table[:, 0::2] = torch.sin(pos / div)
    table[:, 1::2] = torch.cos(pos / div)
    return table
