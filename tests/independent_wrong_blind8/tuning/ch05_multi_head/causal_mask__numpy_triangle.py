# 실수: np.tril 로 만들어 torch 텐서가 아니라 numpy 배열을 돌려줌
# mistake: builds it with np.tril and returns a numpy array instead of a torch tensor
import math

import torch  # 텐서

from helpers import data


import numpy as np


def causal_mask(size):
    """bool [size, size]: Key 자리 ≤ Query 자리인 칸이 True (아래 삼각형)."""
    return np.tril(np.ones((size, size), dtype=bool))
