"""The student's function as a check sees it: something to run on a case, with the course's parts in place
of the student's, whose code names some globals and may call parts the student wrote.

Two kinds behave alike for :mod:`helpers.grading.core`:
- :class:`LocalFunction`, a function object of this process (the visible tests in the student's kernel,
  the course's own tests): run here, watched by a profiler;
- the grading checker's remote function (``autograder.grading.checker``), which asks the student's
  kernel to run it and reads the rest from the notebook's source.
"""

from __future__ import annotations

import os
import types
from functools import partial
from typing import Protocol

from helpers import reference
from helpers.grading import guard
from helpers.grading.marking import marked_part
from helpers.grading.spec import Case, Exercise, StudentFunction


class StudentCode(Protocol):
    """What a check needs of a student's function."""

    name: str

    def not_callable(self) -> str | None:
        """None when there is a function to call; else what the name holds instead (Korean)."""

    def names_called(self) -> frozenset[str]:
        """Global names the function's own code refers to (nested functions included)."""

    def names_reached(self) -> frozenset[str]:
        """names_called, and those of every function the student wrote that it calls, and so on."""

    def own_part(self, part: str) -> StudentCode | None:
        """The student's own function `part` as this function would call it; None when that name is the
        course's reference or is not defined."""

    def globals_read(self) -> frozenset[str]:
        """The notebook's variables (not functions, classes or modules) that the function and the functions of
        its own it calls read: what it may use in place of an argument."""

    def prepare(self, exercise: Exercise, cases: list[Case], course_parts: tuple[str, ...],
                marked: tuple[str, ...] = ()) -> None:
        """About to run on `cases`: a remote function runs them in one round trip."""

    def run(self, exercise: Exercise, case: Case, course_parts: tuple[str, ...], allowed: tuple[str, ...],
            marked: tuple[str, ...] = ()) -> guard.StudentRun:
        """Run on `case` with each name of `course_parts` bound to the reference implementation, those of
        `marked` answering a marked result (:mod:`helpers.grading.marking`)."""


class RunsByCase:
    """The runs of a student's function already made, by the way it was run (a tuple: the function's name, the
    course's parts, …) and the case. A case's key is its identity, which stays the case's own because the case is
    held beside its run: a dropped case's address is reused by the next one made, and a key without the case would
    hand the new case the old one's run."""

    def __init__(self):
        self._runs: dict[tuple, tuple[Case, guard.StudentRun]] = {}

    def has(self, way: tuple, case: Case) -> bool:
        return (way, id(case)) in self._runs

    def add(self, way: tuple, case: Case, run: guard.StudentRun) -> None:
        self._runs[way, id(case)] = (case, run)

    def run(self, way: tuple, case: Case) -> guard.StudentRun:
        return self._runs[way, id(case)][1]


class LocalFunction:
    """A function object of this process, which runs each case once for each way of running it (as the grading
    checker's remote function does): the diagnosis asks again for runs the verdict already made."""

    def __init__(self, function: StudentFunction, name: str | None = None):
        self.function = function
        self.name = name or getattr(function, "__name__", "?")
        self._runs = RunsByCase()

    def not_callable(self) -> str | None:
        if callable(self.function):
            return None
        return f"{type(self.function).__name__}입니다"

    def names_called(self) -> frozenset[str]:
        names, codes = set(), [getattr(self.function, "__code__", None)]
        while codes:
            code = codes.pop()
            if code is not None:
                names.update(code.co_names)
                codes.extend(const for const in code.co_consts if hasattr(const, "co_names"))
        return frozenset(names)

    def names_reached(self) -> frozenset[str]:
        reached, seen, pending = set(), {id(self.function)}, [self]
        while pending:
            current = pending.pop()
            called = current.names_called()
            reached |= called
            for name in called:
                part = current.own_part(name)
                if part is not None and isinstance(part.function, types.FunctionType) and id(part.function) not in seen:
                    seen.add(id(part.function))
                    pending.append(part)
        return frozenset(reached)

    def own_part(self, part: str) -> LocalFunction | None:
        if not isinstance(self.function, types.FunctionType):
            return None
        candidate = self.function.__globals__.get(part)
        if candidate is None or candidate is getattr(reference, part, None):
            return None
        return LocalFunction(candidate, part)

    def globals_read(self) -> frozenset[str]:
        namespace = getattr(self.function, "__globals__", {})
        return frozenset(name for name in self.names_reached() if name in namespace
                         and not isinstance(namespace[name], types.ModuleType | type) and not callable(namespace[name]))

    def prepare(self, exercise: Exercise, cases: list[Case], course_parts: tuple[str, ...],
                marked: tuple[str, ...] = ()) -> None:
        """Nothing to prepare: each case runs here when it is asked for."""

    def run(self, exercise: Exercise, case: Case, course_parts: tuple[str, ...], allowed: tuple[str, ...],
            marked: tuple[str, ...] = ()) -> guard.StudentRun:
        """The run of `case`, made the first time it is asked for."""
        way = (exercise.name, course_parts, allowed, marked)
        if not self._runs.has(way, case):
            subject = guard.with_course_parts(self.function, course_parts, partial(course_part, marked=marked))
            self._runs.add(way, case, guard.call_student(
                subject, case.args, case.kwargs, time_limit=exercise.time_limit, by_hand=exercise.by_hand,
                reference_files=reference_files(), allowed=allowed, global_seed=case.global_seed))
        return self._runs.run(way, case)


def course_part(name: str, marked: tuple[str, ...] = ()):
    """The reference implementation `name`, answering a marked result when `name` is in `marked`."""
    part = getattr(reference, name)
    return marked_part(part) if name in marked else part


def reference_files() -> frozenset[str]:
    """The files whose functions a submission may not call (but the parts the check hands it)."""
    return frozenset({os.path.realpath(reference.__file__)})
