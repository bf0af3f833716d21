# 실수: 윗줄의 max 를 복사해서 합 대신 최댓값으로 나눔
# mistake: divides by the maximum (a copied line) instead of the sum
import pandas as pd
import numpy as np

def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / np.max(e)
