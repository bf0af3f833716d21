"""What the checks know of an exercise: its cases, its lecture example, where it is taught.

Each chapter's module (helpers/grading/chNN.py) defines ``CHAPTER`` (a :class:`helpers.chapters.Chapter`)
and lists its ``EXERCISES`` with these; see :mod:`helpers.chapters`.
"""

from __future__ import annotations

import math
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
        """function(*args, **kwargs) on fresh copies of the inputs: no call sees another's changes. Only the
        course's own functions are called here (the reference, a catalogued variant; a student's function runs
        through the guard, on copies of everything). The model's own tables go as they are, and the call must leave
        them unchanged, as torch counts the in-place writes of its operations: copying the 47 MB word-embedding
        table at every call of a variant cost ch07's both-paths test an eighth of its time."""
        tables = guard.course_tables(self.args)
        versions = [table._version for table in tables]
        args, kwargs = guard.copy_inputs(self.args, shared=tables), guard.copy_kwargs(self.kwargs)
        guard.seed_global_random_state(self.global_seed)
        try:
            return function(*args, **kwargs)
        finally:
            if [table._version for table in tables] != versions:
                raise RuntimeError(f"{getattr(function, '__name__', function)} wrote into the model's own table")


def everything(case: Case) -> bool:
    """Every case: the last check of an exercise takes what the ones before it leave."""
    return True


def returns_value(case: Case) -> bool:
    """The cases on which the function must return (not raise an error)."""
    return case.raises is None


def is_tidy(case: Case) -> bool:
    """The cases whose numbers break no naive formula (not Case.hard)."""
    return not case.hard


def is_two_d(case: Case) -> bool:
    """The cases whose tensors have at most two axes (no batch axes in front)."""
    return not any(isinstance(arg, torch.Tensor) and arg.dim() > 2 for arg in case.args)


@dataclass(frozen=True)
class Check:
    """A part of an exercise's grading a student can name, with its share of the exercise's points (under the
    course's per-check credit rule). A case belongs to the first check of its exercise that covers it."""

    name: str  # a name for machines: letters, digits and _
    title: str  # what the exercise text and the feedback call it, in Korean
    share: float  # of the exercise's points; an exercise's shares sum to 1
    covers: Callable[[Case], bool] = everything


ONE_CHECK = (Check("values", "모든 입력에서 기준과 같은 결과", 1.0),)
BATCHED = (Check("two_d", "2차원 입력", 0.5, is_two_d), Check("batch_axes", "앞에 배치 축이 붙은 입력", 0.5))


def with_hard(title: str, share: float = 0.25) -> tuple[Check, ...]:
    """Tidy inputs, and the hard ones (`title`, Case.hard) with their `share`: where the lecture teaches a stable
    way."""
    return Check("tidy", "보통 크기의 입력", 1 - share, is_tidy), Check("hard", title, share)


def with_errors(share: float = 0.25) -> tuple[Check, ...]:
    """The inputs the function computes on, and the wrong ones it must refuse with the error the text asks for."""
    return Check("values", "올바른 입력의 값", 1 - share, returns_value), Check("errors", "잘못된 입력의 오류", share)


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
    checks: tuple[Check, ...] = ONE_CHECK  # what its cases are grouped into, each with a share of the points

    def __post_init__(self):
        names = [check.name for check in self.checks]
        if len(set(names)) != len(names) or not all(name.isidentifier() for name in names):
            raise ValueError(f"{self.name}: check names must be distinct identifiers, not {names}")
        if not all(check.share > 0 for check in self.checks) or not math.isclose(sum(c.share for c in self.checks), 1):
            raise ValueError(f"{self.name}: every check's share must be positive and the shares must sum to 1")
        if self.checks[-1].covers is not everything:
            raise ValueError(f"{self.name}: the last check must cover every case the others leave (`everything`)")

    @property
    def reference(self) -> StudentFunction:
        """The reference implementation of the same name in helpers.reference."""
        return getattr(reference, self.name)

    def check_of(self, case: Case) -> Check:
        """The check `case` belongs to: the first that covers it."""
        return next(check for check in self.checks if check.covers(case))

    def checks_line(self) -> str:
        """The line of the exercise's text that names its checks and their shares (Korean Markdown)."""
        if len(self.checks) == 1:
            return f"**채점 항목**: {self.checks[0].title} 하나 — 항목별 부분 점수는 없는 문제입니다."
        parts = " · ".join(f"{check.title} {check.share:.0%}" for check in self.checks)
        return f"**채점 항목**: {parts} — 항목별 부분 점수를 주는 수업에서는 통과한 항목의 몫을 받습니다."


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
