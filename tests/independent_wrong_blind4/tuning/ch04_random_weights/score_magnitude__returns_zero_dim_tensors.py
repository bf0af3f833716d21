# 실수: .item() 없이 0차원 텐서 두 개를 돌려줌
# mistake: returns two 0-d tensors, leaving out .item()
import math

import torch  # 텐서


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    logits = Q @ K.transpose(-2, -1)
    return logits.abs().mean(), (logits / math.sqrt(Q.shape[-1])).abs().mean()
