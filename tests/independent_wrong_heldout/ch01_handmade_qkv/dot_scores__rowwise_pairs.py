# 실수: 점수표 대신 같은 자리의 Q 줄과 K 줄만 짝지어 내적함 (원소끼리 곱해 마지막 축으로 더해서 [..., S] 가 나옴)
# mistake: pairs only row i of Q with row i of K (elementwise product summed over the last dim), giving [..., S] instead of the [..., S_q, S_k] table
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    # 낱말마다 질문 쪽지와 제목표를 곱해서 좌표끼리 더하면 내적
    return (Q * K).sum(dim=-1)
