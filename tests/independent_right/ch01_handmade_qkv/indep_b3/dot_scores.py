import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # Q: (..., S_q, d_k), K: (..., S_k, d_k)
    # swap only the last two axes of K -> (..., d_k, S_k), batch axes untouched
    Kt = torch.swapaxes(K, -1, -2)
    # (..., S_q, d_k) x (..., d_k, S_k) -> (..., S_q, S_k)
    return torch.matmul(Q, Kt)
