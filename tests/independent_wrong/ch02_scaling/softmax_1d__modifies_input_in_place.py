# 실수: x -= x.max() 로 입력 배열을 제자리에서 바꿨습니다. 결과는 맞아도 부른 쪽의 x 가 달라집니다.
# mistake: Subtracts the max in place (x -= x.max()), modifying the caller's array.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    x -= x.max()
    e = np.exp(x)
    return e / e.sum()
