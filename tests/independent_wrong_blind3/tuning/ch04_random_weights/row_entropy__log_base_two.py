# 실수: 자연로그 대신 밑이 2 인 로그 (bit)
# mistake: uses log base 2 (bits) instead of the natural log
import math

import torch

def row_entropy(weights):
    return -torch.xlogy(weights, weights).sum(dim=-1) / math.log(2)
