# 실수: 최댓값 대신 최솟값을 뺌
# mistake: subtracts the minimum instead of the maximum
import numpy as np
import pandas as pd

def softmax_1d(x):
    e = np.exp(x - x.min())
    return e / e.sum()
