"""Right definitions of the four parts, in the last solution cell: after their test cells have run."""

import torch


def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)


def scale_scores(scores, d_k):
    return scores / d_k**0.5


def row_softmax(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)


def mix_values(weights, V):
    return weights @ V
