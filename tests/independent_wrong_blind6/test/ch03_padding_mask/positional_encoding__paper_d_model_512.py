# 실수: 분모의 지수를 논문의 d_model = 512 로 나눠, 받은 d_model 은 열 수에만 쓰임
# mistake: divides the exponent by the paper's d_model = 512, so the d_model argument only sets the number of columns
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    out = torch.zeros(max_len, d_model)
    for pos in range(max_len):
        for i in range(0, d_model, 2):
            angle = pos / (10000 ** (i / 512))
            out[pos, i] = math.sin(angle)
            out[pos, i + 1] = math.cos(angle)
    return out
