# 실수: diagonal=-1 로 자기 자리까지 가림
# mistake: uses diagonal=-1, hiding each position from itself
import math

import torch


def causal_mask(size):
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=-1)
