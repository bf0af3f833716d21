# 실수: 절댓값을 먼저 취하지 않고 평균을 낸 뒤 절댓값을 취합니다. 양수와 음수 점수가 서로 지워집니다.
# mistake: takes the mean first and the absolute value afterwards, so positive and negative scores cancel out.
import math


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return abs(scores.mean().item()), abs(scaled.mean().item())
