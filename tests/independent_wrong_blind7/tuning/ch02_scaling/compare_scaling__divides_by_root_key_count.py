# 실수: √d_k 대신 Key 의 개수 n = keys.shape[0] 의 제곱근으로 나눕니다
# mistake: divides by the square root of the number of keys n = keys.shape[0] instead of √d_k
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()



def compare_scaling(q, keys):
    scores = keys @ q
    n = keys.shape[0]
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(n))
    return scores, before, after
