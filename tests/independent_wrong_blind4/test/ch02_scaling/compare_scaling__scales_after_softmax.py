# 실수: 점수를 나누지 않고 softmax 의 결과를 √d_k 로 나눔
# mistake: divides the softmax output by √d_k instead of the scores
import numpy as np  # 배열과 난수
import pandas as pd  # 표


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = keys @ q
    before = softmax_1d(scores)
    return scores, before, before / np.sqrt(q.shape[0])
