# 실수: 최댓값 대신 최솟값을 뺌
# mistake: subtracts the minimum instead of the maximum
import pandas as pd
import numpy as np

def softmax_1d(x):
    e = np.exp(x - x.min())
    return e / e.sum()
