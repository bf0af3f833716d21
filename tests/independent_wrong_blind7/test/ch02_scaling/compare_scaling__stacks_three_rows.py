# 실수: 세 결과를 튜플로 돌려주지 않고 `np.stack` 으로 [3, n] 배열 하나로 쌓아 돌려줍니다
# mistake: stacks the three results into one [3, n] array with np.stack instead of returning a tuple
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()



def compare_scaling(q, keys):
    scores = keys @ q                             # [n]
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(len(q)))
    return np.stack([scores, before, after])      # 표 하나로 보기 좋게
