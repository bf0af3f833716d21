# 실수: d_k 로 Q 의 좌표 수가 아니라 낱말 수 Q.shape[-2] 를 넘김
# mistake: passes the number of words Q.shape[-2] as d_k instead of the coordinates
import numpy as np  # 배열 계산 (필요하면 쓰세요)
import torch


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    """점수표 Q·Kᵀ: [..., S_q, d_k] 와 [..., S_k, d_k] → [..., S_q, S_k]."""
    return Q @ K.transpose(-2, -1)


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
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-2]))
    return mix_values(weights, V), weights
