# 실수: 두 가지가 틀렸습니다: softmax 에서 최댓값을 빼지 않았고, after 는 √d_k 가 아니라 d_k 로 나눴습니다.
# mistake: Two mistakes: the softmax does not subtract the maximum, and after divides by d_k instead of √d_k.
import numpy as np


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    d_k = q.shape[0]
    scores = keys @ q
    before = np.exp(scores) / np.exp(scores).sum()
    after = np.exp(scores / d_k) / np.exp(scores / d_k).sum()
    return scores, before, after
