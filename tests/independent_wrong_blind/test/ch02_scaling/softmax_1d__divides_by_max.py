# 실수: exp 값들을 합이 아니라 최댓값으로 나눕니다. 가장 큰 칸이 1 이 되고 합은 1 이 넘습니다.
# mistake: divides the exps by their maximum instead of their sum, so the largest entry becomes 1 and the total exceeds 1.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    exps = np.exp(x - np.max(x))
    return exps / exps.max()
