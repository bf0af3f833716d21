# 실수: exp 를 합이 아니라 유클리드 길이 (np.linalg.norm) 로 나눠, 합이 1 이 되지 않음
# mistake: divides the exps by their Euclidean norm (np.linalg.norm) instead of their sum, so they do not sum to 1
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - np.max(x))
    return e / np.linalg.norm(e)
