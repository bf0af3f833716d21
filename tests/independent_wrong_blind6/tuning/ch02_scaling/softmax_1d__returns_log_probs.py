# 실수: 비율 대신 log-softmax (x − max − log Σexp) 를 돌려줌
# mistake: returns the log-softmax (x − max − log Σ exp) instead of the proportions
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):
    m = np.max(x)
    return x - m - np.log(np.sum(np.exp(x - m)))
