# 실수: 두 값을 튜플이 아니라 이름을 붙인 딕셔너리로 돌려줌
# mistake: returns the two numbers as a dictionary with names instead of a tuple
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-1]
    return {"before": scores.abs().mean().item(), "after": (scores / math.sqrt(d_k)).abs().mean().item()}
