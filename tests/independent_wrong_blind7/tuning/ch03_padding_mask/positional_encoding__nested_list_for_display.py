# 실수: 보기 좋게 `.tolist()` 로 바꿔 텐서 대신 중첩된 파이썬 리스트를 돌려줍니다
# mistake: returns .tolist() of the table for display, a nested Python list instead of a tensor
import math

import pandas as pd
import torch

from helpers import data


def positional_encoding(max_len, d_model):
    position = torch.arange(max_len, dtype=torch.float32)[:, None]
    denom = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float32) / d_model)
    enc = torch.empty(max_len, d_model)
    enc[:, 0::2] = torch.sin(position / denom)
    enc[:, 1::2] = torch.cos(position / denom)
    return enc.tolist()   # 표로 보기 쉽게
