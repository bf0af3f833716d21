# 실수: 평균을 먼저 내고 절댓값을 취해 부호가 서로 지워짐
# mistake: takes the mean first and the absolute value after, so signs cancel
import math

import torch  # 텐서


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    logits = Q @ K.transpose(-2, -1)
    d_k = Q.shape[-1]
    return logits.mean().abs().item(), (logits / math.sqrt(d_k)).mean().abs().item()
