# 실수: bool 이 아니라 1.0/0.0 의 실수 텐서로 돌려줌
# mistake: returns a float tensor of 1.0/0.0 instead of a bool tensor
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    keep = (x != pad_id).float()   # 1 = 낱말, 0 = [PAD]
    return keep.view(x.size(0), 1, x.size(1))
