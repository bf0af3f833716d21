import operator

import torch


def causal_mask(size):
    """Boolean [size, size] mask, True where key position <= query position."""
    size = operator.index(size)  # refuses floats such as 4.0
    if size < 0:
        raise ValueError(f"size 는 0 이상이어야 합니다. 지금: {size}")

    full = torch.ones((size, size), dtype=torch.bool)
    mask = torch.tril(full, diagonal=0)  # diagonal stays visible: a word sees itself

    assert mask.dtype == torch.bool
    return mask
