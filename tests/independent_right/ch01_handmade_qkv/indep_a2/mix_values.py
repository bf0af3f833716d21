import torch


def mix_values(weights, V):
    return torch.einsum("...qk,...kd->...qd", weights, V)
