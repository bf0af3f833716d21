# 실수: torch.triu 로 위 삼각형 (미래) 을 남기고, bool 로도 바꾸지 않음
# mistake: keeps the upper triangle (the future) with torch.triu and leaves it as float
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    ones = torch.ones(size, size)
    return torch.triu(ones)
