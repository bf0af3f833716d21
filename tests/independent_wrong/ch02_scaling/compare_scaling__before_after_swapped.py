# 실수: before 와 after 의 순서를 바꿔 (scores, after, before) 로 돌려줍니다.
# mistake: Returns (scores, after, before): the two softmaxes in the wrong order.
import numpy as np


def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, after, before
