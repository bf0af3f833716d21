# 실수: 분모의 d_model 에 강의의 6 을 박음
# mistake: uses the lecture's 6 in the denominator instead of d_model
import math

import torch


def positional_encoding(max_len, d_model):
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float32) / 6)
    table = torch.zeros((max_len, d_model))
    table[:, 0::2] = torch.sin(pos / div)
    table[:, 1::2] = torch.cos(pos / div)
    return table
