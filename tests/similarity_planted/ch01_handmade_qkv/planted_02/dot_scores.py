def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # 구구단 표처럼~ Q 의 줄 하나하나를 K 의 모든 줄과 칸끼리 곱한 뒤 좌표 축으로 더함
    pairwise = Q.unsqueeze(-2) * K.unsqueeze(-3)   # [..., S_q, S_k, d_k]
    return pairwise.sum(dim=-1)
