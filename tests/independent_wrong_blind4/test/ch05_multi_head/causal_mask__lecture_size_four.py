# 실수: 강의의 크기 4 를 박아 언제나 4 × 4 표
# mistake: hard-codes the lecture's size 4, always returning a 4 × 4 table
import math

import torch  # 텐서


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(4, 4)).bool()
