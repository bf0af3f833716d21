# 실수: 나누기 전 비율 before 를 최댓값을 빼지 않은 exp 로 구해 점수가 수천일 때 nan 이 남
# mistake: computes before with an exp that does not subtract the maximum, so scores in the thousands give nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


def softmax_1d(x):  # (문제 2 에서 맞게 작성한 함수)
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys @ q
    before = np.exp(scores) / np.exp(scores).sum()   # 그대로 softmax
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
