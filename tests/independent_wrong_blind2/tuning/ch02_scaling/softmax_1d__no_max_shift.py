# 실수: 가장 큰 값을 빼지 않고 np.exp 를 해서 1000 같은 값에서 넘쳐 nan 이 납니다.
# mistake: np.exp is applied without subtracting the maximum, so values like 1000 overflow and give nan.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    exps = np.exp(x)
    return exps / exps.sum()
