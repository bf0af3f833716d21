# 실수: 최댓값을 빼지 않고 np.exp
# mistake: calls np.exp on the raw scores without subtracting the maximum
import numpy as np
import pandas as pd

def softmax_1d(x):
    e = np.exp(x)
    return e / e.sum()
