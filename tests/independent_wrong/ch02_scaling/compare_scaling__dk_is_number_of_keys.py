# 실수: d_k 자리에 벡터 길이 q.shape[0] 이 아니라 Key 개수 keys.shape[0] 을 써서 √n 으로 나눴습니다.
# mistake: Uses the number of keys keys.shape[0] as d_k instead of the vector length q.shape[0].
import numpy as np


def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    scores = keys @ q
    d_k = keys.shape[0]
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(d_k))
