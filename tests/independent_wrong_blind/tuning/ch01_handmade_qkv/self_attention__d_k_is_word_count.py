# 실수: d_k 를 좌표 수 Q.shape[-1] 이 아니라 낱말 수 Q.shape[-2] 로 잡아 엉뚱한 수의 제곱근으로 나눕니다.
# mistake: takes d_k as the number of words Q.shape[-2] instead of the number of coordinates Q.shape[-1].
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return torch.matmul(Q, K.transpose(-2, -1))


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return torch.matmul(weights, V)


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    d_k = Q.shape[-2]
    weights = row_softmax(scale_scores(dot_scores(Q, K), d_k))
    return mix_values(weights, V), weights
