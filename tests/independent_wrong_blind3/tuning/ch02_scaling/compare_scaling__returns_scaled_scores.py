# 실수: scores 자리에 √d_k 로 나눈 점수를 돌려줌
# mistake: returns the scaled scores in place of the raw scores
import numpy as np
import pandas as pd

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    scores = keys @ q
    before = softmax_1d(scores)
    scores = scores / np.sqrt(q.shape[0])
    return scores, before, softmax_1d(scores)
