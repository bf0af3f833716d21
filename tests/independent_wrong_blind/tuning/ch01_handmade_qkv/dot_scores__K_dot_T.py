# 실수: K.T 로 전치해서 2차원에서만 맞고, 배치 축이 붙으면 모든 축이 뒤집혀 오류가 나거나 엉뚱한 값이 나옵니다.
# mistake: transposes with K.T, which reverses every axis; right in 2-D only, an error or wrong values once a batch axis is added.
def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q @ K.T
