# 실수: 함수 자체는 맞지만, 같은 파일의 softmax_1d 가 exp 까지만 하고 합으로 나누지 않습니다
# mistake: its own code is right, but the softmax_1d in the same file stops at the exps and never divides by their sum
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 작성한 함수)
def softmax_1d(x):
    return np.exp(x - x.max())


def compare_scaling(q, keys):
    d_k = q.shape[0]
    scores = keys @ q
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(d_k))
