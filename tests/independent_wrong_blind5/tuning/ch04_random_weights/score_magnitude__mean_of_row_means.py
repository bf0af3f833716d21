# 실수: 마지막 두 축으로만 평균을 내, 배치 축이 남은 텐서에서 .item() 이 오류를 냄
# mistake: averages over the last two axes only, so with batch axes a tensor is left and .item() fails
import math

import torch


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k로 나눈 뒤 평균 |Q·Kᵀ/√d_k|)를 파이썬 float 두 개로 돌려줍니다."""
    scores = (Q @ K.transpose(-2, -1)).abs()
    before = scores.mean(dim=-1).mean(dim=-1)
    after = before / math.sqrt(Q.shape[-1])
    return before.item(), after.item()
