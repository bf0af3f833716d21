# 실수: tril(diagonal=-1) 로 대각선까지 가려 낱말이 자기 자신을 보지 못함
# mistake: uses tril(diagonal=-1), hiding the diagonal too, so a word cannot attend to itself
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    ones = torch.ones(size, size, dtype=torch.bool)
    return torch.tril(ones, diagonal=-1)  # 미래는 못 봄
