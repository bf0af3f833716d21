# 실수: math.erf 를 np.vectorize 로 칸마다 불러 numpy 배열을 돌려줌
# mistake: calls math.erf per element through np.vectorize and returns a numpy array
import math

import numpy as np
import torch


def gelu(x):
    """x · (1 + erf(x / √2)) / 2, 모양 그대로."""
    v = x.numpy()
    erf = np.vectorize(math.erf)
    return 0.5 * v * (1.0 + erf(v / math.sqrt(2.0)))
