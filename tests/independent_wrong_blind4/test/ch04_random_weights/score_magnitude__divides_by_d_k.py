# 실수: √d_k 가 아니라 d_k 로 나눈 뒤의 평균을 잼
# mistake: divides by d_k instead of √d_k for the second mean
import math

import torch  # 텐서


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    logits = (Q @ K.transpose(-2, -1)).abs()
    return logits.mean().item(), (logits / Q.shape[-1]).mean().item()
