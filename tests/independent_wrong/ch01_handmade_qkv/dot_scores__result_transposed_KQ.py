# 실수: Q·Kᵀ 대신 K·Qᵀ 를 계산해서 점수표의 줄과 열(보는 낱말과 참고하는 낱말)이 뒤바뀌었습니다.
# mistake: Computes K·Qᵀ instead of Q·Kᵀ, so the score table comes out transposed (rows and columns swapped).
import torch

def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return K @ Q.transpose(-2, -1)
