# 실수: 가장 큰 값이 아니라 가장 작은 값을 뺍니다. 점수의 폭이 넓으면(1000 과 −1000) exp 가 넘쳐 nan 이 나옵니다.
# mistake: subtracts the minimum instead of the maximum; with a wide range of scores (1000 and −1000) exp overflows and gives nan.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    shifted = x - np.min(x)
    exps = np.exp(shifted)
    return exps / np.sum(exps)
