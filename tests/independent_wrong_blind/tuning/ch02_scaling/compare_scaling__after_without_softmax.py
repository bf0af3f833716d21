# 실수: after 를 √d_k 로 나눈 점수 그대로 돌려주고 softmax 를 하지 않습니다.
# mistake: returns the scores divided by √d_k as `after` and forgets the softmax.
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    scores = keys @ q
    before = softmax_1d(scores)
    after = scores / np.sqrt(q.shape[0])
    return scores, before, after
