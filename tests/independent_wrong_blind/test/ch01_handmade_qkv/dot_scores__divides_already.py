# 실수: 1단계 점수표에서 벌써 √d_k 로 나눠 버립니다. 점수표는 나누기 전의 Q·Kᵀ 그대로여야 합니다.
# mistake: already divides by √d_k inside dot_scores; step 1 must return the raw Q·Kᵀ.
import math


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    d_k = Q.shape[-1]
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
