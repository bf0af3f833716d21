# 실수: 최댓값 대신 최솟값을 빼서 범위가 넓으면 exp 가 넘침
# mistake: subtracts the minimum instead of the maximum, so a wide range still overflows
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - np.min(x))
    return e / e.sum()
