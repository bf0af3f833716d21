# 실수: att 자리에 √d_k 로 나눈 점수를 돌려줌
# mistake: returns the scaled att in place of the raw att
import pandas as pd
import numpy as np

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    att = keys @ q
    before = softmax_1d(att)
    att = att / np.sqrt(q.shape[0])
    return att, before, softmax_1d(att)
