# 실수: 열 j 마다 10000^(j/d_model) 을 따로 써서, 홀수 열 2i+1 이 짝수 열 2i 와 다른 분모를 씀
# mistake: gives every column j its own denominator 10000^(j/d_model), so odd column 2i+1 does not share column 2i's
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    pos = torch.arange(max_len, dtype=torch.float64).reshape(-1, 1)
    j = torch.arange(d_model, dtype=torch.float64).reshape(1, -1)
    angles = pos / 10000 ** (j / d_model)
    enc = torch.where(j % 2 == 0, torch.sin(angles), torch.cos(angles))
    return enc.float()
