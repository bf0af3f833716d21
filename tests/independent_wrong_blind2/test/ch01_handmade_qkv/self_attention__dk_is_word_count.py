# 실수: d_k 를 Q.shape[-2] (낱말 수)로 잡았습니다. d_k 는 좌표 수 Q.shape[-1] 입니다.
# mistake: d_k is taken as Q.shape[-2], the number of words; it is the number of coordinates, Q.shape[-1].
import math

import torch

# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    row_max = scores.amax(dim=-1, keepdim=True)
    exps = torch.exp(scores - row_max)
    return exps / exps.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    d_k = Q.shape[-2]
    scores = scale_scores(dot_scores(Q, K), d_k)
    weights = row_softmax(scores)
    return mix_values(weights, V), weights
