from torch import Tensor
import torch


def _rowwise_total(x: Tensor) -> Tensor:
    return torch.sum(x, dim=-1, keepdim=True)


def _rowwise_peak(x: Tensor) -> Tensor:
    return torch.amax(x, dim=-1, keepdim=True)


def row_softmax(scores: Tensor) -> Tensor:
    """Softmax along the last axis, by hand.

    The row max is subtracted before exp, so huge scores (1e9) cannot overflow,
    and -inf entries become exp(-inf) = 0.
    """
    lifted = torch.exp(torch.sub(scores, _rowwise_peak(scores)))
    return torch.div(lifted, _rowwise_total(lifted))
