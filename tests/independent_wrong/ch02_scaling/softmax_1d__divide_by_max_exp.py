# 실수: exp 값을 합이 아니라 가장 큰 exp 값(=1)으로 나눠, 가장 큰 칸이 언제나 1 이 됩니다.
# mistake: Divides the exponentials by their maximum instead of their sum, so the largest entry is always 1.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - x.max())
    return e / e.max()
