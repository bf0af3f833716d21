# 실수: 최댓값을 빼는 대신 최댓값으로 나눈 뒤 exp
# mistake: divides by the maximum instead of subtracting it before exp
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x / np.abs(x).max())
    return e / e.sum()
