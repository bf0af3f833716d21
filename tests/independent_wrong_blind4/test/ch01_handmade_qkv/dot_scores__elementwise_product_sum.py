# 실수: 행렬 곱 대신 같은 자리끼리 곱해 마지막 축으로 더해 [..., S] 를 돌려줌
# mistake: multiplies Q and K element by element and sums the last axis, giving [..., S] instead of a table
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return (Q * K).sum(dim=-1)
