# 실수: 분모의 밑을 10000 대신 1000 으로 씁니다
# mistake: uses 1000 instead of 10000 as the base of the denominator
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    pos = torch.arange(max_len).float().unsqueeze(1)      # [max_len, 1]
    two_i = 2 * torch.arange(d_model // 2).float()        # [d_model / 2]
    div = 1000.0 ** (two_i / d_model)
    enc = torch.empty(max_len, d_model)
    enc[:, 0::2] = torch.sin(pos / div)
    enc[:, 1::2] = torch.cos(pos / div)
    return enc
