# 실수: 가리지 않고 softmax 한 뒤 가린 칸의 비율을 0 으로 하고 줄의 합으로 다시 나누므로, 모든 Key 가 가려지거나 가린 칸이 비율을 다 가져간 줄에서 0/0 = nan 이 됩니다
# mistake: applies the softmax unmasked, zeroes the masked cells and divides by the row sum again, so a row whose keys are all masked (or whose masked cells took all the weight) becomes 0/0 = nan
import math

import pandas as pd
import torch

from helpers import data


def masked_attention(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, mask=None):
    d_k = query.size(-1)
    att = query @ key.transpose(-2, -1) / math.sqrt(d_k)
    p = torch.softmax(att, dim=-1)
    if mask is not None:
        p = p * (mask != 0)                      # 가린 칸의 비율을 0으로
        p = p / p.sum(dim=-1, keepdim=True)      # 줄의 합을 다시 1로
    return p @ value, p
