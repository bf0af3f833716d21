# 실수: √d_k 대신 Key 개수의 제곱근으로 나눔
# mistake: divides by the square root of the number of keys instead of √d_k
import pandas as pd
import numpy as np

# (문제 2 에서 맞게 작성한 함수)
def softmax_1d(x):
    e = np.exp(x - x.max())
    return e / e.sum()


def compare_scaling(q, keys):
    att = keys @ q
    return att, softmax_1d(att), softmax_1d(att / np.sqrt(len(keys)))
