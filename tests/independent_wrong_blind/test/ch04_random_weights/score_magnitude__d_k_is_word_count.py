# 실수: d_k 를 좌표 수가 아니라 낱말 수 Q.shape[-2] 로 잡습니다.
# mistake: takes d_k as the number of words Q.shape[-2] instead of the number of coordinates.
import math


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-2]
    before = scores.abs().mean().item()
    after = (scores / math.sqrt(d_k)).abs().mean().item()
    return before, after
