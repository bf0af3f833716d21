# 실수: np.tril 로 numpy 배열을 돌려줌
# mistake: returns a numpy array from np.tril
import math

import torch

import numpy as np


def causal_mask(size):
    return np.tril(np.ones((size, size), dtype=bool))
