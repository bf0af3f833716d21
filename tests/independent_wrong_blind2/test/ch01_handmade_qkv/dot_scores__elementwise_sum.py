# 실수: 같은 자리의 Q 와 K 줄끼리만 곱해 더해서 낱말마다 점수 하나만 남습니다. 모든 Query–Key 쌍의 표 [..., S_q, S_k] 가 필요합니다.
# mistake: Multiplying Q and K element by element and summing gives one score per word, not the table of every query-key pair [..., S_q, S_k].
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return (Q * K).sum(dim=-1)
