# 실수: x -= x.max() 로 최댓값을 제자리에서 빼서 입력 배열을 바꿈
# mistake: subtracts the maximum in place with x -= x.max(), changing the input array
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x -= x.max()       # 가장 큰 값을 빼 줌
    e = np.exp(x)
    return e / e.sum()
