# 실수: exp 들의 합이 아니라 가장 큰 exp(곧 1) 로 나눠 합이 1 이 되지 않음
# mistake: divides by the largest exp (that is 1) instead of the sum of the exps, so the values do not sum to 1
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    ex = np.exp(x - np.max(x))
    return ex / ex.max()
