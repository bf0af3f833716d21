# 실수: pad_id 대신 0 과 비교
# mistake: compares with 0 instead of pad_id
import math

import torch

def padding_mask(x, pad_id=0):
    return (x != 0).unsqueeze(1)
