# 실수: 점수가 아니라 나누기 전의 비율 before 를 √d_k 로 나눈 뒤 softmax 함
# mistake: divides the ratios `before` by √d_k and applies softmax to them, instead of dividing the scores
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(before / np.sqrt(q.shape[0]))
    return scores, before, after
