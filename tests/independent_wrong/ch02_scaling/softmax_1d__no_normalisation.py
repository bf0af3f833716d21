# 실수: exp 까지만 하고 합으로 나누는 단계를 빠뜨려서 비율의 합이 1 이 아닙니다.
# mistake: Leaves out the division by the sum: returns exp(x − max) itself, which does not sum to 1.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return np.exp(x - np.max(x))
