# 실수: 절댓값의 평균이 아니라 평균의 절댓값을 잼
# mistake: takes the absolute value of the mean instead of the mean of the absolute values
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return scores.mean().abs().item(), scaled.mean().abs().item()
