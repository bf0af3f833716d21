# 실수: before 와 after 에 최댓값을 빼지 않는 softmax 를 써서, 점수가 수천이면 nan 이 납니다.
# mistake: before and after use a softmax that does not subtract the maximum, so scores in the thousands give nan.
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    def softmax(v):
        e = np.exp(v)
        return e / e.sum()

    scores = keys @ q
    return scores, softmax(scores), softmax(scores / np.sqrt(q.shape[0]))
