# 실수: np.tril 로 numpy 배열을 돌려줍니다. torch 의 bool 텐서여야 합니다.
# mistake: np.tril returns a numpy array; a torch bool tensor is asked for.
import numpy as np


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return np.tril(np.ones((size, size), dtype=bool))
