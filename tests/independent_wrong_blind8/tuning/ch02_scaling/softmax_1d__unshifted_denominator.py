# 실수: 분자는 최댓값을 뺀 exp 인데 분모는 빼지 않은 exp 의 합이라 결과가 e^(−max) 배가 됨
# mistake: the numerator uses the shifted exp but the denominator sums the unshifted exp, so the result is off by a factor e^(−max)
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    top = np.max(x)
    numerator = np.exp(x - top)
    denominator = np.exp(x).sum()
    return numerator / denominator
