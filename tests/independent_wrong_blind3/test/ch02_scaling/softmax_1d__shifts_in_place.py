# 실수: x -= x.max() 로 입력 배열을 바꿈
# mistake: shifts the input array in place with x -= x.max()
import numpy as np
import pandas as pd

def softmax_1d(x):
    x -= x.max()
    e = np.exp(x)
    return e / e.sum()
