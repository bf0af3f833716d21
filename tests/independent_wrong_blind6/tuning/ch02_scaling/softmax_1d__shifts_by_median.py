# 실수: 최댓값 대신 중앙값 np.median 을 빼서, 값이 크게 벌어진 배열에서 exp 가 넘쳐 nan 이 남
# mistake: subtracts the median instead of the maximum, so arrays with widely spread values overflow to nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    centre = np.median(x)       # 가운데 값을 빼서 안정하게
    e = np.exp(x - centre)
    return e / e.sum()
