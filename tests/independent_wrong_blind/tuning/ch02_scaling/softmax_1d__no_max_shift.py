# 실수: 가장 큰 값을 빼지 않고 np.exp 를 해서 1000 같은 큰 점수에서 inf/inf = nan 이 나옵니다.
# mistake: exponentiates without subtracting the maximum, so a score like 1000 overflows to inf/inf = nan.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x)
    return e / e.sum()
