# 실수: 가운데 축을 seq 만큼 expand 해 [batch, seq, seq] 를 돌려줌
# mistake: expands the middle axis to seq, returning [batch, seq, seq] instead of [batch, 1, seq]
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    seq = x.shape[1]
    keep = (x != pad_id).unsqueeze(1)      # [B, 1, S]
    return keep.expand(-1, seq, -1)        # 모든 Query 줄에 펼치기
