import torch


def causal_mask(size):
    return torch.full((size, size), True).tril()  # lower triangle, diagonal included
