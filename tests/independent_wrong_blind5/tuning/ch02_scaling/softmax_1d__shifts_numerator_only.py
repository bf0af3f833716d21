# 실수: 분자에서만 최댓값을 빼고 분모는 빼지 않은 exp 의 합으로 나눔
# mistake: subtracts the max in the numerator only and divides by the sum of the unshifted exps
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return np.exp(x - np.max(x)) / np.exp(x).sum()
