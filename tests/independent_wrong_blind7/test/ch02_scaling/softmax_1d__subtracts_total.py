# 실수: 최댓값 대신 모든 값의 합 x.sum() 을 빼므로, 합이 최댓값보다 훨씬 작은 배열에서는 exp 가 넘쳐 nan 이 납니다
# mistake: subtracts the total x.sum() instead of the maximum, so arrays whose sum is far below their maximum overflow to nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    e = np.exp(x - x.sum())
    return e / e.sum()
