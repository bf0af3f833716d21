# 실수: before 만 최댓값을 빼지 않는 exp 로 계산
# mistake: computes before with a plain exp that does not subtract the maximum
import numpy as np
import pandas as pd

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    scores = keys @ q
    before = np.exp(scores) / np.exp(scores).sum()
    after = softmax_1d(scores / np.sqrt(q.shape[0]))
    return scores, before, after
