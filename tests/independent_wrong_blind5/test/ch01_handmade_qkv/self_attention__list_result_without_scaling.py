# 실수: √d_k 로 나누는 걸음을 빠뜨렸고, 결과를 튜플이 아니라 리스트로 돌려줌
# mistake: skips the √d_k step and returns a list instead of a tuple
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
    output = mix_values(weights, V)
    return [output, weights]
