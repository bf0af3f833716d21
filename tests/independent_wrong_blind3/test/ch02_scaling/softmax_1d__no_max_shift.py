# 실수: 최댓값을 빼지 않고 np.exp
# mistake: calls np.exp on the raw att without subtracting the maximum
import pandas as pd
import numpy as np

def softmax_1d(x):
    e = np.exp(x)
    return e / e.sum()
