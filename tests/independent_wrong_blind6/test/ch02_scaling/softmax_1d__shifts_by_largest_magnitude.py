# 실수: 최댓값 대신 절댓값이 가장 큰 값 np.abs(x).max() 를 빼서, 모두 큰 음수인 배열에서 0/0 = nan 이 남
# mistake: subtracts the largest absolute value np.abs(x).max() instead of the maximum, so an array of large negatives gives 0/0 = nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    big = np.abs(x).max()
    ex = np.exp(x - big)
    return ex / np.sum(ex)
