# 실수: x -= x.max() 로 입력 배열을 바꿈
# mistake: shifts the input array in place with x -= x.max()
import pandas as pd
import numpy as np

def softmax_1d(x):
    x -= x.max()
    e = np.exp(x)
    return e / e.sum()
