# 실수: 결과를 입력과 같은 dtype 으로 바꿔 (.to(x.dtype)) bool 대신 정수 마스크를 돌려줌
# mistake: casts the mask to the input's dtype (.to(x.dtype)), returning an integer mask instead of bool
import math

import pandas as pd
import torch

from helpers import data


def padding_mask(x, pad_id=0):
    mask = (x != pad_id).unsqueeze(1)
    return mask.to(x.dtype)
