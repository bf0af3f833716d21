# 실수: K 를 transpose(0, 1) 로 전치함: 2차원에서만 맞고, 배치 축이 붙으면 배치 축과 낱말 축이 바뀜
# mistake: transposes K with transpose(0, 1), right only in 2-D; with a batch dim it swaps the batch and word axes instead of the last two
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    K_t = K.transpose(0, 1)  # 제목표를 눕혀서
    return torch.matmul(Q, K_t)
