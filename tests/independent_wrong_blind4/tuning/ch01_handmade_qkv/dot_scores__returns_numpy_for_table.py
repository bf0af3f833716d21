# 실수: 표로 보여 주려고 점수표를 numpy 배열로 바꿔 돌려줌
# mistake: converts the score table to a numpy array before returning it
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    table = Q @ K.transpose(-2, -1)
    return table.detach().numpy()
