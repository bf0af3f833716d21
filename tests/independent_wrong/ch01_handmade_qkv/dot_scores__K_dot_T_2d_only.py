# 실수: K.T 는 모든 축을 뒤집으므로 배치 축이 붙은 K 에서는 마지막 두 축만 전치되지 않습니다 (transpose(-2, -1) 을 써야 합니다).
# mistake: Uses K.T, which reverses every axis, so with leading batch dims the last two axes are not the only ones transposed.
import torch

def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q @ K.T
