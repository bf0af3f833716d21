# 실수: 가운데가 아니라 마지막에 축을 붙여 [batch, seq, 1]
# mistake: adds the new axis last, giving [batch, seq, 1]
import math

import torch

def padding_mask(x, pad_id=0):
    return (x != pad_id).unsqueeze(-1)
