"""What the checks know of an exercise: its cases, its lecture example, where it is taught.

Each chapter's module (helpers/grading/chNN.py) defines ``CHAPTER`` (a :class:`helpers.chapters.Chapter`)
and lists its ``EXERCISES`` with these; see :mod:`helpers.chapters`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

from helpers import reference
from helpers.grading import guard

StudentFunction = Callable[..., Any]  # a submission's function, or a catalogued wrong variant of it
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
    slack: float = 0.0  # added to the absolute tolerance ATOL on this case: the float32 rounding the formula
    #                     itself makes here, where a faithful implementation can differ by more than ATOL
    hard: bool = False  # numbers where a naive formula cancels or overflows, and the lecture teaches the stable way
    global_seed: int | None = None  # torch's global random state is seeded with it before each call (generator=None)

    def call(self, function: StudentFunction):
        """function(*args, **kwargs) on fresh copies of the inputs: no call sees another's changes."""
        args, kwargs = guard.copy_inputs(self.args), guard.copy_kwargs(self.kwargs)
        guard.seed_global_random_state(self.global_seed)
        return function(*args, **kwargs)


@dataclass(frozen=True)
class Exercise:
    """What the checks know of one exercise function."""

    name: str
    cases: Callable[[torch.Generator], list[Case]]  # the hidden, random cases (seeded)
    example: Callable[[], Case | list[Case]]  # the lecture's own example(s) (visible tests)
    lecture: str  # where it is taught: Chapter.section(...), 'N강 NN_name §heading'
    output_names: tuple[str, ...] = ()  # names of the items when the function returns a tuple
    by_hand: bool = False  # a library softmax is forbidden
    allowed: tuple[str, ...] = ()  # helpers.reference functions the notebook hands the student (a locked cell)
    uses: tuple[str, ...] = ()  # names the student's function must call (built from earlier exercises)
    time_limit: float = DEFAULT_TIME_LIMIT
    stable_way: str = ""  # the lecture's stable way on its hard cases (helpers.grading.hard), the advice it fits

    @property
    def reference(self) -> StudentFunction:
        """The reference implementation of the same name in helpers.reference."""
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
