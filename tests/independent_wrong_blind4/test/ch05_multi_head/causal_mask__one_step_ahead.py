# 실수: diagonal=1 을 줘서 바로 다음 자리까지 보임
# mistake: passes diagonal=1, so the next position is visible too
import math

import torch  # 텐서


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=1)
