# 실수: 두 가지가 함께 틀렸습니다. √d_k 가 아니라 d_k 로 나누고, before 와 after 의 순서를 바꿔 (scores, after, before) 로 돌려줍니다.
# mistake: two mistakes at once: divides by d_k instead of √d_k, and returns (scores, after, before) with the two ratio arrays swapped.
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    d_k = q.shape[0]
    scores = keys @ q
    before = softmax_1d(scores)
    after = softmax_1d(scores / d_k)
    return scores, after, before
