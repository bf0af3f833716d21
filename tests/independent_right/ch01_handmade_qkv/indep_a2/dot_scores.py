import torch


def dot_scores(Q, K):
    # q: query index, k: key index, d: feature
    return torch.einsum("...qd,...kd->...qk", Q, K)
