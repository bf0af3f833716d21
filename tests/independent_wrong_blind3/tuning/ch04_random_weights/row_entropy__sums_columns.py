# 실수: 한 줄 안이 아니라 열 방향(dim=-2)으로 더함
# mistake: sums along dim=-2 (down the columns) instead of within each row
import math

import torch

def row_entropy(weights):
    return -torch.xlogy(weights, weights).sum(dim=-2)
