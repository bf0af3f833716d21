# 실수: before 만 최댓값을 빼지 않는 np.exp(scores) / 합으로 바로 구해, 점수가 큰 입력에서 nan 이 남
# mistake: computes before inline as np.exp(scores) / sum without subtracting the max, which gives nan for large scores
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
    before = np.exp(scores) / np.exp(scores).sum()
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
