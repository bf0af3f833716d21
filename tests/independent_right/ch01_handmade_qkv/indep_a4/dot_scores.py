import torch
from torch import Tensor


def _keys_as_columns(K: Tensor) -> Tensor:
    """Swap only the last two axes so every key becomes a column (batch axes untouched)."""
    return torch.transpose(K, -2, -1)


def dot_scores(Q: Tensor, K: Tensor) -> Tensor:
    """Score table: entry [i, j] is the dot product of query i and key j.

    Q: [..., S_q, d_k], K: [..., S_k, d_k]  ->  [..., S_q, S_k]
    """
    return torch.matmul(Q, _keys_as_columns(K))
