# 실수: 지수를 2i/d_model 대신 2i/max_len 으로 씁니다 (두 인자를 헷갈림)
# mistake: uses 2i/max_len instead of 2i/d_model in the exponent, mixing up the two arguments
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    enc = torch.empty(max_len, d_model)
    pos = torch.arange(max_len, dtype=torch.float32).unsqueeze(-1)
    i2 = torch.arange(0, d_model, 2, dtype=torch.float32)
    ang = pos / 10000 ** (i2 / max_len)
    enc[:, ::2] = ang.sin()
    enc[:, 1::2] = ang.cos()
    return enc
