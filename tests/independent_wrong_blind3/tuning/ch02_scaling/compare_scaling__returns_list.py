# 실수: 튜플이 아니라 리스트로 돌려줌
# mistake: returns a list instead of a tuple
import pandas as pd
import numpy as np

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    att = keys @ q
    return [att, softmax_1d(att), softmax_1d(att / np.sqrt(q.shape[0]))]
