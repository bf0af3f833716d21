# 실수: torch.tril(torch.ones(size, size)) 를 bool 로 바꾸지 않아 1.0/0.0 실수 표를 돌려줌
# mistake: returns torch.tril(torch.ones(size, size)) without converting it to bool, a float table of 1.0/0.0
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    return torch.tril(torch.ones(size, size))
