import torch
from torch import Tensor


def merge_heads(x: Tensor) -> Tensor:
    """[B, h, S, d_k] -> [B, S, h*d_k]; heads are concatenated, not averaged."""
    B, h, S, d_k = x.size()
    return torch.reshape(torch.transpose(x, 1, 2), (B, S, h * d_k))
