# 실수: q 를 열벡터 q[:, None] 로 곱해 점수와 두 비율이 [n, 1] 모양이 됨
# mistake: multiplies by q as a column vector q[:, None], so the scores and both proportions come out [n, 1]
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    scores = keys @ q[:, None]          # [n, 1]
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
