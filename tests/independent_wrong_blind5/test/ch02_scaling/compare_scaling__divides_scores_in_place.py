# 실수: before 를 구한 뒤 scores /= √d_k 로 제자리에서 나눠, 돌려주는 scores 가 나눈 점수가 됨
# mistake: divides scores in place (scores /= √d_k) after computing before, so the returned scores are the divided ones
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = keys @ q
    before = softmax_1d(scores)
    scores /= np.sqrt(q.shape[0])
    after = softmax_1d(scores)
    return scores, before, after
