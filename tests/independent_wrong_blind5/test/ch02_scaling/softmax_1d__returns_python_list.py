# 실수: 비율을 numpy 배열이 아니라 파이썬 리스트로 돌려줌
# mistake: returns the ratios as a Python list, not a numpy array
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - x.max())
    return list(e / e.sum())
