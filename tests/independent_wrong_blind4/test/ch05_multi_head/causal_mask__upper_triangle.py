# 실수: tril 대신 triu 를 써서 미래 쪽이 True
# mistake: uses triu instead of tril, so the future side is True
import math

import torch  # 텐서


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.triu(torch.ones(size, size, dtype=torch.bool))
