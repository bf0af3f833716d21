# 실수: d_k 를 keys.shape[0] (Key 의 수 n)으로 잡았습니다. d_k 는 벡터 길이 q.shape[0] 입니다.
# mistake: d_k is taken as keys.shape[0], the number of keys n; it is the vector length q.shape[0].
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    def softmax(v):
        e = np.exp(v - v.max())
        return e / e.sum()

    d_k = keys.shape[0]
    scores = keys @ q
    before = softmax(scores)
    after = softmax(scores / np.sqrt(d_k))
    return scores, before, after
