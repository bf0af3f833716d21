# 실수: 가운데가 아니라 끝에 축을 붙여 [batch, seq, 1] 로 만들어 Key 가 아니라 Query 줄을 가림
# mistake: adds the new axis at the end, giving [batch, seq, 1], which masks Query rows instead of Keys
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    mask = x.ne(pad_id)
    return mask.unsqueeze(-1)
