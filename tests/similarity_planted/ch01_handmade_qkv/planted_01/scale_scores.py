from torch import Tensor
import torch

import math


def scale_scores(scores: Tensor, d_k: int) -> Tensor:
    """Divide by sqrt(d_k) (not by d_k). Returns a new tensor of the same shape."""
    return torch.div(scores, math.sqrt(d_k))
