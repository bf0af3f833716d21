# 실수: unsqueeze(-1) 로 [batch, seq, 1] 을 만들어, 점수표에 씌우면 Key 열이 아니라 Query 줄을 가립니다
# mistake: adds the axis with unsqueeze(-1), giving [batch, seq, 1], which on the scores hides query rows instead of key columns
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    return (x != pad_id).unsqueeze(-1)
