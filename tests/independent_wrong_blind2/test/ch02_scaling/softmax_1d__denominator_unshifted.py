# 실수: 분자에서는 최댓값을 뺐는데, 분모는 윗줄을 고치지 않고 np.exp(x).sum() 으로 남겨 두어 두 값이 맞지 않습니다.
# mistake: The numerator subtracts the maximum but the denominator was left as np.exp(x).sum(), so the two do not match.
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x 의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    return np.exp(x - x.max()) / np.exp(x).sum()
