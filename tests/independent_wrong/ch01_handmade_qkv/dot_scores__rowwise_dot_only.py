# 실수: 같은 자리의 Q 줄과 K 줄끼리만 내적해서 [..., S] 하나만 나옵니다. 모든 Query 와 모든 Key 의 짝을 계산해야 합니다.
# mistake: Takes the dot product only of matching rows of Q and K (elementwise product summed), giving [..., S] instead of the full [..., S_q, S_k] table.
import torch

def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return (Q * K).sum(dim=-1)
