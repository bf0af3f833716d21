# 실수: torch.tensordot 으로 마지막 축끼리 곱해, 배치 축이 붙으면 두 입력의 배치 축이 모두 남는 모양이 됨
# mistake: contracts the last axes with torch.tensordot, so with batch axes both inputs' batch axes stay in the result's shape
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return torch.tensordot(Q, K, dims=([-1], [-1]))
