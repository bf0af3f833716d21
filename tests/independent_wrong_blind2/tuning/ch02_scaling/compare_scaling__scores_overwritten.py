# 실수: scores 변수를 √d_k 로 나눈 값으로 덮어써서, 첫째로 돌려주는 점수가 나누기 전 점수가 아닙니다.
# mistake: The scores variable is overwritten with the scaled scores, so the first item returned is not the unscaled scores.
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    def softmax(v):
        e = np.exp(v - v.max())
        return e / e.sum()

    scores = keys @ q
    before = softmax(scores)
    scores = scores / np.sqrt(q.shape[0])
    after = softmax(scores)
    return scores, before, after
