# Adapted from PyTorch: torch.nn.Transformer.generate_square_subsequent_mask(sz) gives 0.0 where a position may be
# attended and -inf above the diagonal; == 0 turns it into the course's True = visible.
# Source: https://github.com/pytorch/pytorch/blob/main/torch/nn/modules/transformer.py  Licence: BSD-3-Clause
import torch


def causal_mask(size):
    return torch.nn.Transformer.generate_square_subsequent_mask(size) == 0
