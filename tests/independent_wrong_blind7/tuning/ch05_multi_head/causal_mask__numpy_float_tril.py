# 실수: `np.tril(np.ones(...))` 로 만들어 torch 가 아닌 numpy 배열이고, bool 이 아닌 실수 0./1. 입니다
# mistake: builds it with np.tril(np.ones(...)), a numpy array instead of a torch tensor, holding float 0./1. instead of bool
import math

import torch  # 텐서

from helpers import data


import numpy as np


def causal_mask(size):
    return np.tril(np.ones((size, size)))
