"""Random inputs for the hidden cases, every draw taken from the generator the check passes in.

One convention for integers: :func:`randint` includes both ends, ``randint(g, 1, 3)`` ∈ {1, 2, 3}.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch


def randn(generator: torch.Generator, *shape: int, dtype: torch.dtype = torch.float32,
          scale: float = 1.0) -> torch.Tensor:
    """Standard normal values of `shape`, times `scale`."""
    return torch.randn(*shape, generator=generator, dtype=dtype) * scale


def randint(generator: torch.Generator, low: int, high: int) -> int:
    """One integer in [low, high], both ends included."""
    return int(torch.randint(low, high + 1, (1,), generator=generator))


def pick(generator: torch.Generator, options: Sequence):
    """One item of `options`, uniformly."""
    return options[int(torch.randint(len(options), (1,), generator=generator))]
