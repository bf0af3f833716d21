# 실수: self_attention 은 맞게 이었지만, 문제 2 의 scale_scores 가 √d_k 가 아니라 d_k 로 나눠서 비율표가 달라집니다.
# mistake: self_attention chains the steps correctly, but scale_scores of problem 2 divides by d_k instead of √d_k, so the weights come out wrong.
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 작성한 함수)
def scale_scores(scores, d_k):
    return scores / d_k


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
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return mix_values(weights, V), weights
