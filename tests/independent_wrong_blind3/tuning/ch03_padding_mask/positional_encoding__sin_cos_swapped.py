# 실수: 짝수 열에 cos, 홀수 열에 sin
# mistake: puts cos on even columns and sin on odd ones
import math

import torch


def positional_encoding(max_len, d_model):
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    table = torch.zeros((max_len, d_model))
    table[:, 0::2] = torch.cos(pos / div)
    table[:, 1::2] = torch.sin(pos / div)
    return table
