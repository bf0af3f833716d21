# 실수: self_attention 자체는 맞지만, 불러 쓰는 문제 3 의 row_softmax 가 dim=0 (열마다)으로 계산해서 틀립니다.
# mistake: self_attention's own code is right, but the row_softmax it calls (problem 3) normalises along dim=0 (columns).
import math

import torch


def row_softmax(scores):
    """마지막 축을 따라 (줄마다) 손으로 계산한 softmax: 모양 그대로, 줄마다 합이 1."""
    shifted = scores - scores.amax(dim=0, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=0, keepdim=True)


def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    scaled = scale_scores(scores, Q.shape[-1])
    weights = row_softmax(scaled)
    output = mix_values(weights, V)
    return output, weights
