# 실수: 가운데 축 1 을 붙이지 않아 [batch, seq] 를 그대로 돌려줌
# mistake: does not add the middle axis of size 1, returning [batch, seq]
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    # 실제 낱말이면 True
    return x != pad_id
