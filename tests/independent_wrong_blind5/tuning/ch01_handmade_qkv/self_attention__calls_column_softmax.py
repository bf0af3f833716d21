# 실수: 함수 자체는 맞지만, 같은 파일의 row_softmax 가 줄이 아니라 열의 합으로 나눔
# mistake: right itself, but the row_softmax of the same file divides by the column sums instead of the row sums
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
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-2, keepdim=True)


# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return mix_values(weights, V), weights
