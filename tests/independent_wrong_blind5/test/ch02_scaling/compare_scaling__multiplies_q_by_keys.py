# 실수: keys @ q 가 아니라 q @ keys 로 곱해, keys 의 줄과 열이 뒤바뀐 곱이 되어 오류가 남
# mistake: computes q @ keys instead of keys @ q, using keys with rows and columns swapped, which fails
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k]와 제목표 keys [n, d_k]의 (scores, before, after): 점수, 나누기 전 비율, √d_k로 나눈 뒤 비율."""
    scores = q @ keys
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(len(q)))
    return scores, before, after
