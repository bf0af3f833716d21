# 실수: d_k 를 Q.shape[-2] (낱말 수)로 잡았습니다. d_k 는 좌표 수 Q.shape[-1] 입니다.
# mistake: d_k is taken as Q.shape[-2], the number of words; it is the number of coordinates, Q.shape[-1].
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-2]
    return scores.abs().mean().item(), (scores / math.sqrt(d_k)).abs().mean().item()
