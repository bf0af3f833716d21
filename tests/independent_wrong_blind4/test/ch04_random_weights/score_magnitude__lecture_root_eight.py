# 실수: 강의의 d_k = 8 을 박아 √8 로 나눔
# mistake: divides by √8, the lecture's d_k, instead of the inputs' coordinate count
import math

import torch  # 텐서


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    logits = (Q @ K.transpose(-2, -1)).abs()
    return logits.mean().item(), (logits / math.sqrt(8)).mean().item()
