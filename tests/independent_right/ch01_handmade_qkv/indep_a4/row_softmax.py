import torch
from torch import Tensor


def _row_max(t: Tensor) -> Tensor:
    return torch.amax(t, dim=-1, keepdim=True)


def _row_sum(t: Tensor) -> Tensor:
    return torch.sum(t, dim=-1, keepdim=True)


def row_softmax(scores: Tensor) -> Tensor:
    """Softmax along the last axis, by hand.

    The row max is subtracted before exp, so huge scores (1e9) cannot overflow,
    and -inf entries become exp(-inf) = 0.
    """
    numerators = torch.exp(torch.sub(scores, _row_max(scores)))
    return torch.div(numerators, _row_sum(numerators))
