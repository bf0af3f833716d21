from torch import Tensor
import torch


def dot_scores(Q: Tensor, K: Tensor) -> Tensor:
    """Score table: entry [i, j] is the dot product of query i and key j.

    Q: [..., S_q, d_k], K: [..., S_k, d_k]  ->  [..., S_q, S_k]
    """
    return torch.matmul(Q, torch.transpose(K, -2, -1))
