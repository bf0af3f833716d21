# 실수: x -= x.max() 가 받은 배열을 제자리에서 바꿉니다. x - x.max() 로 새 배열을 만드세요.
# mistake: x -= x.max() changes the caller's array in place; build a new array with x - x.max().
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x -= x.max()
    exps = np.exp(x)
    return exps / exps.sum()
