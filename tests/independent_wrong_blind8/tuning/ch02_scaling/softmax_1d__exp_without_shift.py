# 실수: 최댓값을 빼지 않고 np.exp 를 해서 1000 같은 값에서 inf/nan 이 나옴
# mistake: applies np.exp without subtracting the maximum, so values like 1000 give inf/nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return np.exp(x) / np.sum(np.exp(x))
