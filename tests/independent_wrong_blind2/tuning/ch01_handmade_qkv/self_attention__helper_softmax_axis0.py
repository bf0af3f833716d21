# 실수: self_attention 자체는 맞지만, 문제 3 의 row_softmax 가 dim=0 으로 최댓값과 합을 구해서 비율표가 줄마다 합이 1 이 아닙니다.
# mistake: self_attention itself is right, but the row_softmax of problem 3 takes the max and sum over dim=0, so the weights do not sum to 1 per row.
import math

import torch


# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


# (문제 3 에서 작성한 함수)
def row_softmax(scores):
    exps = torch.exp(scores - scores.amax(dim=0, keepdim=True))
    return exps / exps.sum(dim=0, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    d_k = Q.shape[-1]
    weights = row_softmax(scale_scores(dot_scores(Q, K), d_k))
    output = mix_values(weights, V)
    return output, weights
