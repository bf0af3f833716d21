# 실수: bool 로 바꾸지 않아 1.0/0.0 의 실수 아래 삼각형을 돌려줌
# mistake: does not convert to bool, returning a float lower triangle of 1.0/0.0
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
