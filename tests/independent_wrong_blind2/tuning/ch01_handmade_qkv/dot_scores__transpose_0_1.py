# 실수: K.transpose(0, 1) 은 2차원일 때만 마지막 두 축입니다. 배치 축이 있으면 배치 축과 낱말 축을 바꿔 버립니다.
# mistake: K.transpose(0, 1) names the last two axes only for 2-D tensors; with a batch axis it swaps the batch and word axes instead.
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return torch.matmul(Q, K.transpose(0, 1))
