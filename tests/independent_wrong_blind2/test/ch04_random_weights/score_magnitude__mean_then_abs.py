# 실수: 평균을 먼저 내고 절댓값을 취해서, 양수와 음수 점수가 서로 지워집니다. 칸마다 abs() 를 먼저 하고 평균을 내야 합니다.
# mistake: The mean is taken before the absolute value, so positive and negative scores cancel; take abs() per cell first, then the mean.
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-1]
    before = scores.mean().abs().item()
    after = (scores / math.sqrt(d_k)).mean().abs().item()
    return before, after
