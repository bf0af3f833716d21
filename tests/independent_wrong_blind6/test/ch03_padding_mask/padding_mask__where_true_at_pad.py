# 실수: torch.where(x == pad_id, True, False) 로 패딩 자리를 True 로 만들어 뜻이 거꾸로 됨
# mistake: builds torch.where(x == pad_id, True, False), so the padding positions are True (inverted)
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    m = torch.where(x == pad_id, True, False)
    return m[:, None, :]
