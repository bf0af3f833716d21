# 실수: 평균 절댓값 대신 제곱 평균의 제곱근 (RMS) 을 잼
# mistake: measures the root mean square instead of the mean absolute value
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = Q @ K.transpose(-2, -1)
    scaled = scores / math.sqrt(Q.shape[-1])
    return scores.pow(2).mean().sqrt().item(), scaled.pow(2).mean().sqrt().item()
