# 실수: scores 로 나누기 전 점수가 아니라 √d_k 로 나눈 점수를 돌려줍니다.
# mistake: Returns the scaled scores (÷√d_k) as `scores` instead of the raw dot products.
import numpy as np


def softmax_1d(x):
    e = np.exp(x - np.max(x))
    return e / e.sum()


def compare_scaling(q, keys):
    """질문 쪽지 q [d_k] 와 제목표 keys [n, d_k] 의 (scores, before, after): 점수, 나누기 전 비율, √d_k 로 나눈 뒤 비율."""
    raw = keys @ q
    scores = raw / np.sqrt(len(q))
    return scores, softmax_1d(raw), softmax_1d(scores)
