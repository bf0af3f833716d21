# 실수: compare_scaling 자체는 맞지만, 같은 파일의 문제 2 softmax_1d 가 합이 아니라 가장 큰 exp 로 나눔
# mistake: compare_scaling itself is right, but the same file's problem-2 softmax_1d divides by the largest exp instead of the sum
import numpy as np  # 배열과 난수
import pandas as pd  # 표
import torch  # 쓰지 않아도 됩니다

from helpers import data


# (문제 2 에서 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / np.max(e)


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    d_k = q.shape[0]
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(d_k))
    return scores, before, after
