# 실수: 평균 절댓값 대신 제곱 평균의 제곱근(RMS)으로 크기를 잼
# mistake: measures the size as the root mean square of the scores instead of the mean absolute value
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    s = Q @ K.transpose(-2, -1)
    before = (s ** 2).mean().sqrt().item()  # 부호를 없애려고 제곱
    after = before / math.sqrt(Q.shape[-1])
    return before, after
