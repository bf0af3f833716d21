# 실수: 새 축을 unsqueeze(0) 으로 맨 앞에 붙여 [1, batch, seq] 를 돌려줍니다
# mistake: adds the new axis in front with unsqueeze(0), returning [1, batch, seq]
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    """번호 텐서 x [batch, seq]의 패딩 마스크: bool [batch, 1, seq], 실제 낱말 자리가 True."""
    mask = torch.ne(x, pad_id)
    mask = mask.unsqueeze(0)   # 가운데 축 1
    return mask
