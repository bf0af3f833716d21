"""What the checks know of an exercise: its cases, its lecture example, where it is taught.

Each chapter's module (helpers/grading/chNN.py) lists its exercises with these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch

from helpers import reference

DEFAULT_TIME_LIMIT = 10.0  # seconds per call of the student's function (profiling slows first calls)


@dataclass(frozen=True)
class Case:
    """One input of a check: a Korean description, the arguments, and optionally the error the
    function must raise instead of returning."""

    label: str
    args: tuple
    kwargs: dict = field(default_factory=dict)
    raises: type[BaseException] | tuple[type[BaseException], ...] | None = None
    message_contains: str | None = None  # what the raised error's message must mention


@dataclass(frozen=True)
class Exercise:
    """What the checks know of one exercise function."""

    name: str
    cases: Callable[[torch.Generator], list[Case]]  # the hidden, random cases (seeded)
    example: Callable[[], Case | list[Case]]  # the lecture's own example(s) (visible tests)
    lecture: str  # Korean pointer to the lecture section that teaches it
    output_names: tuple[str, ...] = ()  # names of the items when the function returns a tuple
    by_hand: bool = False  # a library softmax is forbidden
    uses: tuple[str, ...] = ()  # names the student's function must call (built from earlier exercises)
    time_limit: float = DEFAULT_TIME_LIMIT

    @property
    def reference(self) -> Callable:
        return getattr(reference, self.name)


def describe(**tensors) -> str:
    """A case label from named inputs: 'Q [2, 3, 5], K [2, 4, 5] (float32)'."""
    parts, dtypes = [], set()
    for name, value in tensors.items():
        if isinstance(value, torch.Tensor | np.ndarray):
            parts.append(f"{name} {list(value.shape)}")
            dtypes.add(str(value.dtype).replace("torch.", ""))
        elif isinstance(value, torch.Generator):
            parts.append(f"{name}=torch.Generator().manual_seed({value.initial_seed()})")
        else:
            parts.append(f"{name}={value!r}")
    return ", ".join(parts) + (f" ({', '.join(sorted(dtypes))})" if dtypes else "")
