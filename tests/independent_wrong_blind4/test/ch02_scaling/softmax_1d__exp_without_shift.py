# 실수: 최댓값을 빼지 않고 np.exp 를 해 ±1000 에서 nan
# mistake: takes np.exp without subtracting the maximum, so ±1000 gives nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x)
    return e / np.sum(e)
