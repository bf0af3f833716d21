# 실수: 함수 자체는 맞지만 최댓값을 빼지 않은 문제 2 의 softmax_1d 를 불러 큰 점수에서 nan
# mistake: right itself, but calls a softmax_1d (problem 2) that does not subtract the maximum, so large scores give nan
import numpy as np  # 배열과 난수
import pandas as pd  # 표


# (문제 2 에서 작성한 함수)
def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return np.exp(x) / np.exp(x).sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = keys @ q
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(q.shape[0]))
