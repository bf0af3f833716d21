# 실수: 강의의 점수표가 정수처럼 보여 결과를 정수 텐서로 바꿔 돌려줌
# mistake: the lecture's table looks like whole numbers, so the result is returned as an integer tensor
import torch


def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k]와 [..., S_k, d_k] → [..., S_q, S_k]."""
    scores = Q @ K.transpose(-2, -1)
    return scores.round().int()
