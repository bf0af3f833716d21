# 실수: 분자에서만 최댓값을 빼고 분모는 빼지 않은 exp 의 합으로 나눕니다. 최댓값이 0 이 아니면 합이 1 이 되지 않습니다.
# mistake: subtracts the max in the numerator only and divides by the sum of the unshifted exps, so the ratios do not sum to 1 unless the max is 0.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    top = np.exp(x - x.max())
    return top / np.exp(x).sum()
