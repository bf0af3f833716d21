# 실수: 세 배열을 튜플이 아니라 리스트로 돌려줌
# mistake: returns the three arrays in a list instead of a tuple
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys @ q
    return [scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(q.shape[0]))]
