# 실수: [PAD] 자리를 True 로 만듦 (== pad_id)
# mistake: marks the padding positions True (== pad_id)
import math

import torch

def padding_mask(x, pad_id=0):
    return (x == pad_id).unsqueeze(1)
