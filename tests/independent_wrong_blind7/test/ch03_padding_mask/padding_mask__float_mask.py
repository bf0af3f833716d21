# 실수: bool 대신 `.float()` 로 바꾼 0./1. 실수 마스크를 돌려줍니다
# mistake: returns a float 0./1. mask made with .float() instead of a bool mask
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    real = (x != pad_id).float()      # 1 = 실제 낱말, 0 = [PAD]
    return real.unsqueeze(1)
