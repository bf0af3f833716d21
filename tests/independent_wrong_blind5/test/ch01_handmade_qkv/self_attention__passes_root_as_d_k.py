# 실수: scale_scores 에 d_k 대신 √d_k 를 넘겨, 점수를 d_k 의 네제곱근으로만 나눔
# mistake: passes √d_k to scale_scores as d_k, so the scores are divided by the fourth root of d_k
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
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    d_k = math.sqrt(Q.shape[-1])
    weights = row_softmax(scale_scores(dot_scores(Q, K), d_k))
    return mix_values(weights, V), weights
