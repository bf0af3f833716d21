# 실수: p * log(p) 를 그대로 써서 0 인 칸에서 NaN
# mistake: uses p * log(p) directly, giving NaN where p is 0
import math

import torch

def row_entropy(weights):
    return -(weights * torch.log(weights)).sum(dim=-1)
