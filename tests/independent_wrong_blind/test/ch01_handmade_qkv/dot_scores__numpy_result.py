# 실수: numpy 로 바꿔서 곱하는 바람에 값은 맞아도 torch 텐서가 아니라 numpy 배열을 돌려줍니다.
# mistake: converts both tensors to numpy and returns an np.ndarray instead of a torch tensor (right numbers, wrong type).
import numpy as np


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    q = Q.numpy()
    k = K.numpy()
    return q @ np.swapaxes(k, -1, -2)
