# 실수: exp 들을 그 합에 1 을 더한 값으로 나누므로, 비율의 합이 1 보다 작습니다
# mistake: divides the exps by one plus their sum, so the proportions add up to less than 1
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    shifted = x - np.max(x)
    ex = np.exp(shifted)
    return ex / (1.0 + ex.sum())
