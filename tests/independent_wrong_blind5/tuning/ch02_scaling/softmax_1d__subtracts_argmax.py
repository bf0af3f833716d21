# 실수: np.max 대신 np.argmax (가장 큰 값의 위치) 를 빼서, 큰 점수에서 exp 가 넘침
# mistake: subtracts np.argmax (the position of the largest value) instead of np.max, so exp overflows on large scores
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    shifted = x - np.argmax(x)
    e = np.exp(shifted)
    return e / np.sum(e)
