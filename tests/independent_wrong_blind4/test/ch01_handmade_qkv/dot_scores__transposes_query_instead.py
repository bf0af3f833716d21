# 실수: K 대신 Q 를 전치해 Qᵀ·K (좌표 × 좌표) 를 계산
# mistake: transposes Q instead of K and returns Qᵀ·K, a d_k × d_k table
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q.transpose(-2, -1) @ K
