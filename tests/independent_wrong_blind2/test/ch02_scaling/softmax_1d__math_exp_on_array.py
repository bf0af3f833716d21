# 실수: math.exp 는 숫자 하나만 받습니다. 배열 전체에는 np.exp 를 써야 합니다.
# mistake: math.exp takes a single number; a whole array needs np.exp.
import math

import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    exps = math.exp(x - np.max(x))
    return exps / np.sum(exps)
