# 실수: x -= x.max() 로 입력 배열을 제자리에서 바꿈
# mistake: shifts with x -= x.max(), changing the input array in place
import numpy as np  # 배열과 난수
import pandas as pd  # 표


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x -= x.max()
    e = np.exp(x)
    return e / e.sum()
