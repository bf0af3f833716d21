"""Random inputs for the hidden cases, every draw taken from the generator the check passes in.

One convention for integers: :func:`randint` includes both ends, ``randint(g, 1, 3)`` ∈ {1, 2, 3}.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import torch


def randn(generator: torch.Generator, *shape: int, dtype: torch.dtype = torch.float32,
          scale: float = 1.0) -> torch.Tensor:
    """Standard normal values of `shape`, times `scale`."""
    return torch.randn(*shape, generator=generator, dtype=dtype) * scale


def randint(generator: torch.Generator, low: int, high: int) -> int:
    """One integer in [low, high], both ends included."""
    return int(torch.randint(low, high + 1, (1,), generator=generator))


def shuffled(generator: torch.Generator, values: torch.Tensor | np.ndarray) -> torch.Tensor | np.ndarray:
    """`values` reordered along every axis by `generator`: the same numbers, in places the hidden cases' key
    decides, so that a fixed table of hard inputs cannot be looked up in an answer table made in advance.
    For exercises whose answer moves with the order (row-wise, elementwise), the case stays as hard."""
    tensor = torch.from_numpy(values) if isinstance(values, np.ndarray) else values
    for dim, size in enumerate(tensor.shape):
        tensor = tensor.index_select(dim, torch.randperm(size, generator=generator))
    return tensor.numpy() if isinstance(values, np.ndarray) else tensor


def pick(generator: torch.Generator, options: Sequence):
    """One item of `options`, uniformly."""
    return options[int(torch.randint(len(options), (1,), generator=generator))]


class GlobalSeedingGenerator(torch.Generator):
    """A seeded generator whose every copy also seeds torch's global generator, with the next seed.

    Each call of the checked function gets its own copy of the inputs (:func:`helpers.grading.guard.copy_inputs`).
    Resetting the global generator there makes a function that ignores its `generator` argument and draws from the
    global one draw the same numbers on every call, numbers other than the generator's: the catalogued variant
    scaled_init/ignores_generator can then be matched. A function that uses its generator is not affected.
    """

    def __deepcopy__(self, memo):
        torch.manual_seed(self.initial_seed() + 1)
        twin = torch.Generator()
        twin.set_state(self.get_state())
        return twin
