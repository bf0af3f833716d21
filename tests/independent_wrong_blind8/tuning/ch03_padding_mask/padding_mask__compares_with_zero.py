# 실수: pad_id 가 아니라 늘 0 과 비교해 [PAD] 번호가 0 이 아닌 입력에서 틀림
# mistake: always compares with 0 instead of pad_id, so inputs whose [PAD] id is not 0 go wrong
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    real = x != 0          # [PAD] 가 아닌 자리
    return real[:, None, :]
