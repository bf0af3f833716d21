# 실수: 네 함수를 모두 부르지만 순서가 틀림: softmax 를 먼저 하고 비율표를 √d_k 로 나눠 줄의 합이 1/√d_k 가 됨
# mistake: calls all four steps but in the wrong order: softmax first, then divides the weights by √d_k, so rows sum to 1/√d_k
import math

import torch


# (문제 1–4 에서 맞게 작성한 함수들)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)


def row_softmax(scores):
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)


def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    """위의 네 함수로 만든 셀프 어텐션: (output [..., S_q, d_v], weights [..., S_q, S_k])."""
    scores = dot_scores(Q, K)
    weights = row_softmax(scores)
    weights = scale_scores(weights, Q.shape[-1])
    output = mix_values(weights, V)
    return output, weights
