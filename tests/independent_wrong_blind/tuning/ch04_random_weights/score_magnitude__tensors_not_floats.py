# 실수: .item() 을 하지 않아 파이썬 float 이 아니라 0차원 텐서 두 개를 돌려줍니다.
# mistake: forgets .item() and returns two 0-d tensors instead of Python floats.
import math


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    before = scores.abs().mean()
    after = (scores / math.sqrt(Q.shape[-1])).abs().mean()
    return before, after
