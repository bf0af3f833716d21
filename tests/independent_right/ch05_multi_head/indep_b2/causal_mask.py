import torch


def causal_mask(size):
    return torch.ones(size, size, dtype=torch.bool).tril()
