# 실수: K 를 전치하지 않고 Q @ K 를 계산
# mistake: multiplies Q @ K without transposing K
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return torch.matmul(Q, K)
