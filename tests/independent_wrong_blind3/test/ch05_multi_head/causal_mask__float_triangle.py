# 실수: bool 이 아니라 1.0/0.0 실수 표
# mistake: returns a float 1.0/0.0 table instead of bool
import math

import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size))
