# 실수: pos 를 10000^(2i/d_model) 로 나누지 않고 곱합니다
# mistake: multiplies pos by 10000^(2i/d_model) instead of dividing by it
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    out = torch.empty(max_len, d_model)
    for p in range(max_len):
        for i in range(d_model // 2):
            angle = p * 10000 ** (2 * i / d_model)
            out[p, 2 * i] = math.sin(angle)
            out[p, 2 * i + 1] = math.cos(angle)
    return out
