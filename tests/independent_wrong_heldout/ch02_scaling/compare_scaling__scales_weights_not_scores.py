# 실수: 점수가 아니라 softmax 를 마친 비율을 √d_k 로 나눔 (after = before / √d_k, 합이 1 이 아님)
# mistake: divides the softmax weights by √d_k instead of the scores (after = before / √d_k, which no longer sums to 1)
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    d_k = q.shape[0]
    scores = keys @ q
    e = np.exp(scores - scores.max())
    before = e / e.sum()
    after = before / np.sqrt(d_k)
    return scores, before, after
