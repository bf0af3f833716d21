import torch

import operator


def causal_mask(size):
    """Boolean [size, size] mask, True where key position <= query position."""
    size = operator.index(size)  # refuses floats such as 4.0
    if size < 0:
        raise ValueError(f"size 는 0 이상이어야 합니다. 지금: {size}")

    square = torch.ones((size, size), dtype=torch.bool)
    lower = torch.tril(square, diagonal=0)  # diagonal stays visible: a word sees itself

    assert lower.dtype == torch.bool
    return lower
