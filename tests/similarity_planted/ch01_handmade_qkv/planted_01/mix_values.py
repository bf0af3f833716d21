from torch import Tensor
import torch


def mix_values(weights: Tensor, V: Tensor) -> Tensor:
    """Weighted sum of value rows: [..., S_q, S_k] x [..., S_k, d_v] -> [..., S_q, d_v]."""
    return torch.matmul(weights, V)
