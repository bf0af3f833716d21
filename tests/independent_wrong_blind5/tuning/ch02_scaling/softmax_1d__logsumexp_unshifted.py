# 실수: log-sum-exp 꼴 x − log Σ exp(x) 로 쓰면서 최댓값을 빼지 않아, 큰 점수에서 exp 의 합이 inf 가 되어 비율이 모두 0 이 됨
# mistake: writes the log-sum-exp form x − log Σ exp(x) without subtracting the max, so with large scores the sum of exps is inf and every ratio becomes 0
import numpy as np


def softmax_1d(x):
    """1차원 numpy 배열 x의 softmax: 가장 큰 값을 빼고 exp, 합으로 나눈 비율 [n]."""
    log_total = np.log(np.sum(np.exp(x)))
    return np.exp(x - log_total)
