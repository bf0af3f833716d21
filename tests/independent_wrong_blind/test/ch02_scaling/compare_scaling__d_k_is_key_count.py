# 실수: d_k 를 벡터 길이 q.shape[0] 이 아니라 Key 개수 keys.shape[0] 으로 잡아서 엉뚱한 수로 나눕니다.
# mistake: takes d_k as the number of keys keys.shape[0] instead of the vector length q.shape[0].
import numpy as np


# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    exps = np.exp(x - x.max())
    return exps / exps.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    d_k = keys.shape[0]
    scores = keys @ q
    return scores, softmax_1d(scores), softmax_1d(scores / np.sqrt(d_k))
