# 실수: 표로 보기 좋게 하려고 .numpy() 로 바꿔 돌려줍니다. 다음 단계가 쓰도록 torch 텐서 그대로 돌려줘야 합니다.
# mistake: The scores are turned into a numpy array with .numpy() before returning; the function must return the torch tensor.
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    scores = Q @ K.transpose(-2, -1)
    return scores.numpy()
