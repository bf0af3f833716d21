# 실수: x == pad_id 로 써서 [PAD] 자리가 True, 실제 낱말 자리가 False 인 거꾸로 된 마스크를 돌려줌
# mistake: uses x == pad_id, returning a reversed mask that is True at [PAD] and False at real words
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    return (x == pad_id).unsqueeze(1)
