# 실수: 지수에 2i 대신 i 를 써서 분모가 10000^(i/d_model) 이 됨
# mistake: uses i instead of 2i in the exponent, so the denominator is 10000^(i/d_model)
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    enc = torch.empty(max_len, d_model)
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)
    i = torch.arange(d_model // 2, dtype=torch.float32)
    angle = pos / torch.pow(10000.0, i / d_model)
    enc[:, 0::2] = torch.sin(angle)
    enc[:, 1::2] = torch.cos(angle)
    return enc
