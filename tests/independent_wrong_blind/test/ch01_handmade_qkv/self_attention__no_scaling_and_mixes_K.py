# 실수: 두 가지가 함께 틀렸습니다. √d_k 로 나누는 2단계를 건너뛰고(scale_scores 를 부르지 않음), 마지막에 V 대신 K 를 섞습니다.
# mistake: two mistakes at once: skips the ÷√d_k step (scale_scores is never called) and mixes K instead of V.
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
    weights = row_softmax(dot_scores(Q, K))
    return mix_values(weights, K), weights
