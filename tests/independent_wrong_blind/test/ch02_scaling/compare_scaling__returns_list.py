# 실수: 튜플이 아니라 리스트 [scores, before, after] 로 돌려줍니다.
# mistake: returns a list [scores, before, after] instead of a tuple.
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / np.sqrt(len(q)))
    return [scores, before, after]
