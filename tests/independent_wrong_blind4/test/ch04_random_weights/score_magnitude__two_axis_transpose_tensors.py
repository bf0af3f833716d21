# 실수: K.T 를 써서 배치 축에서 틀리고, .item() 없이 텐서를 돌려줌
# mistake: uses K.T (wrong with a batch axis) and returns tensors without .item()
import math

import torch  # 텐서


def score_magnitude(Q, K):
    """(나누기 전 평균 |Q·Kᵀ|, √d_k 로 나눈 뒤 평균 |Q·Kᵀ/√d_k|) 를 파이썬 float 두 개로 돌려줍니다."""
    logits = (Q @ K.T).abs()
    return logits.mean(), logits.mean() / math.sqrt(Q.shape[-1])
