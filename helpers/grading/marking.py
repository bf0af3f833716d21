"""A course part's result, marked: how a check shows by running that a composite's result depends on a part.

The composite runs once with the course's parts and once with one of them answering a marked result (the
course's, moved by a fixed pattern that no normalisation undoes: noise, not a scale or a shift). A result that
does not change did not use that part's result, whatever the code names. The kernel cannot tell the marked run
from the other: it holds no reference, and the grader computes every course part's result outside it.
"""

from __future__ import annotations

from collections.abc import Callable

import torch

MARK_SEED = 20261204


def marked(value):
    """`value` moved so that whatever is computed from it changes; None when it holds nothing that can be marked
    (then the part's use cannot be shown by running)."""
    if isinstance(value, torch.Tensor):
        if value.dtype == torch.bool:
            return ~value
        if value.is_floating_point():
            noise = torch.randn(value.shape, generator=torch.Generator().manual_seed(MARK_SEED), dtype=value.dtype)
            return value + noise * (1.0 + value.detach().abs().mean())
        return value + 1
    if isinstance(value, tuple):
        items = [marked(item) for item in value]
        return None if all(item is None for item in items) else tuple(
            item if item is not None else original for item, original in zip(items, value))
    return None


def marked_part(part: Callable) -> Callable:
    """`part`, answering the marked result (its own where it cannot be marked)."""

    def marked_call(*args, **kwargs):
        value = part(*args, **kwargs)
        moved = marked(value)
        return value if moved is None else moved

    marked_call.__name__ = marked_call.__qualname__ = getattr(part, "__name__", "part")
    return marked_call
