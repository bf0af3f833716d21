# 실수: np.tril 로 만든 numpy bool 배열을 돌려줌
# mistake: returns a numpy bool array made with np.tril
import numpy as np


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return np.tril(np.ones((size, size), dtype=bool))
