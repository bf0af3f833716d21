# 실수: d_k 로 좌표 수 Q.shape[-1] 이 아니라 낱말 수 Q.shape[-2] 를 썼습니다.
# mistake: Uses the number of words Q.shape[-2] as d_k instead of the number of coordinates Q.shape[-1].
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-2]
    return scores.abs().mean().item(), (scores / math.sqrt(d_k)).abs().mean().item()
