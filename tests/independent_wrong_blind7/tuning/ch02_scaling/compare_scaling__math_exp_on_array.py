# 실수: numpy 배열 전체를 `math.exp` 에 넣어 크기가 1 보다 큰 배열에서 TypeError 가 납니다
# mistake: passes whole numpy arrays to math.exp, which raises TypeError for arrays of more than one number
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


import math


def compare_scaling(q, keys):
    scores = keys @ q
    d_k = q.shape[0]

    def soft(v):
        e = math.exp(v - v.max())
        return e / e.sum()

    return scores, soft(scores), soft(scores / math.sqrt(d_k))
