# 실수: bool 로 바꾸지 않아 1.0/0.0 실수 표를 돌려줌
# mistake: never converts to bool, returning a table of 1.0/0.0 floats
import math

import torch  # 텐서


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size))
