# 실수: bool 이 아니라 0/1 정수 마스크
# mistake: returns a 0/1 integer mask instead of bool
import math

import torch

def padding_mask(x, pad_id=0):
    return (x != pad_id).long().unsqueeze(1)
