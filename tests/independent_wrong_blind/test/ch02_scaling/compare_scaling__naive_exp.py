# 실수: softmax_1d 를 부르지 않고 최댓값을 빼지 않은 np.exp 로 비율을 직접 구해서, 점수가 수백을 넘으면 nan 이 나옵니다.
# mistake: computes the ratios with its own np.exp without subtracting the max (instead of softmax_1d), so scores of several hundred give nan.
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after)."""
    scores = keys @ q
    before = np.exp(scores) / np.exp(scores).sum()
    scaled = scores / np.sqrt(q.shape[0])
    after = np.exp(scaled) / np.exp(scaled).sum()
    return scores, before, after
