# 실수: tril 대신 triu 로 미래를 True 로 만듦
# mistake: uses triu, marking the future as visible
import math

import torch


def causal_mask(size):
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
