# 실수: 함수 자체는 맞지만 문제 1 의 dot_scores 가 K.T 를 써서 배치 축이 붙으면 틀림
# mistake: right itself, but calls a dot_scores (problem 1) written with K.T, wrong once a batch axis is added
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


# (문제 1 에서 작성한 함수)
def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q @ K.T


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    """scores / √d_k: 모양은 그대로 [..., S_q, S_k]."""
    return scores / d_k ** 0.5


# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    top = scores.amax(dim=-1, keepdim=True)
    e = torch.exp(scores - top)
    return e / e.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    """비율대로 섞은 내용 weights·V: [..., S_q, S_k] 와 [..., S_k, d_v] → [..., S_q, d_v]."""
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return mix_values(weights, V), weights
