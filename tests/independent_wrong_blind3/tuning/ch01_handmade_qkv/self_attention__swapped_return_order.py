# 실수: (weights, output) 순서로 돌려줌
# mistake: returns (weights, output) instead of (output, weights)
import torch

# (문제 1 에서 맞게 작성한 함수)
def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)

# (문제 2 에서 맞게 작성한 함수)
def scale_scores(scores, d_k):
    return scores / d_k ** 0.5

# (문제 3 에서 맞게 작성한 함수)
def row_softmax(scores):
    shifted = scores - scores.amax(dim=-1, keepdim=True)
    e = torch.exp(shifted)
    return e / e.sum(dim=-1, keepdim=True)

# (문제 4 에서 맞게 작성한 함수)
def mix_values(weights, V):
    return weights @ V


def self_attention(Q, K, V):
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return weights, mix_values(weights, V)
