# 실수: exp 의 합 대신 평균으로 나눠, 결과가 n 배가 됨
# mistake: divides by the mean of the exponentials instead of their sum, so the result is n times too large
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.mean()
