# 실수: K.T 는 배치 축이 붙으면 축 전체의 순서를 뒤집습니다. 마지막 두 축만 바꾸는 K.transpose(-2, -1) 를 써야 합니다.
# mistake: K.T reverses the order of all axes once a batch axis is present; only the last two axes should be swapped with K.transpose(-2, -1).
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    scores = Q @ K.T
    return scores
