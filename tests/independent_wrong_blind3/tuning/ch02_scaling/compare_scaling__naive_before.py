# 실수: before 만 최댓값을 빼지 않는 exp 로 계산
# mistake: computes before with a plain exp that does not subtract the maximum
import pandas as pd
import numpy as np

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    att = keys @ q
    before = np.exp(att) / np.exp(att).sum()
    after = softmax_1d(att / np.sqrt(q.shape[0]))
    return att, before, after
