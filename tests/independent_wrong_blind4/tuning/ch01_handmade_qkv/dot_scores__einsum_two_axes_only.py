# 실수: einsum 첨자를 2차원용 'qd,kd->qk' 로만 적어 배치 축이 붙으면 오류
# mistake: writes the einsum subscripts for 2-D only ('qd,kd->qk'), so a batch axis raises
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return torch.einsum("qd,kd->qk", Q, K)
