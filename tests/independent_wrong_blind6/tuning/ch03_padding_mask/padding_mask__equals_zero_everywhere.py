# 실수: x == 0 으로 비교해, 패딩 자리가 True 가 되고 pad_id 도 쓰이지 않음
# mistake: compares x == 0, so padding is True and pad_id is never used
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    return (x == 0).unsqueeze(1)
