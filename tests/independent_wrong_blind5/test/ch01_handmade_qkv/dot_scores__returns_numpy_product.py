# 실수: numpy 로 바꿔 곱한 numpy 배열을 돌려줌
# mistake: converts to numpy and returns the numpy array product
import numpy as np
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    q = Q.numpy()
    k = K.numpy()
    return q @ np.swapaxes(k, -1, -2)
