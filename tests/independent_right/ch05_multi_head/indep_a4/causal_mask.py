import torch
from torch import Tensor


def causal_mask(size: int) -> Tensor:
    """Row q (query) may look at columns 0..q (keys up to and including itself)."""
    mask = torch.zeros(size, size, dtype=torch.bool)
    for q in range(size):
        mask[q, : q + 1] = True
    return mask
