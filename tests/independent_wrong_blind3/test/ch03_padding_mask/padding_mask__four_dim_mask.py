# 실수: 5장처럼 [batch, 1, 1, seq] 로 만듦
# mistake: returns the 4-D [batch, 1, 1, seq] mask of chapter 5
import math

import torch

def padding_mask(x, pad_id=0):
    return (x != pad_id)[:, None, None, :]
