import torch


def causal_mask(size):
    pos = torch.arange(size)
    # row = query position, col = key position
    return pos[None, :] <= pos[:, None]
