# 실수: 최댓값을 뺀다는 것을 `np.exp(x.max() - x)` 로 거꾸로 써서, 가장 작은 값이 가장 큰 비율을 받습니다 (softmin)
# mistake: writes the shift backwards as np.exp(x.max() - x), so the smallest value gets the largest share (a softmin)
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    z = np.exp(x.max() - x)    # 가장 큰 값을 빼서 넘치지 않게
    return z / np.sum(z)
