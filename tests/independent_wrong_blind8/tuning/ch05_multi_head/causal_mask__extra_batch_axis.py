# 실수: 앞에 축을 하나 붙여 [size, size] 가 아니라 [1, size, size] 를 돌려줌
# mistake: adds a leading axis, returning [1, size, size] instead of [size, size]
import math

import torch  # 텐서

from helpers import data


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    shape = (1, size, size)  # 배치 축까지 붙여 두기
    return torch.tril(torch.ones(shape)).bool()
