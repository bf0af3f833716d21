# 실수: 최댓값을 분자의 exp 에서만 빼고 분모는 원래 x 의 exp 합으로 나눔: 결과가 e^(−max) 배가 되고 큰 x 에서 inf/0
# mistake: subtracts the max only inside the numerator's exp; the denominator sums exp of the raw x, so the result is scaled by e^(−max) and overflows for large x
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    top = np.max(x)
    return np.exp(x - top) / np.sum(np.exp(x))
