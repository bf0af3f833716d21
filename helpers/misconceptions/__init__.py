"""The catalogue of common wrong turns, one entry per misconception, one module per chapter.

Each entry is a wrong variant of an exercise written from the reference, plus what to tell
the student in Korean. The grading checks compare a failing submission with every variant of
its exercise on the same inputs and name the one it matches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Misconception:
    exercise: str  # the exercise function's name, e.g. "dot_scores"
    id: str  # short id, unique within the exercise, e.g. "no_transpose"
    variant: Callable  # the wrong function, same signature as the exercise
    explanation: str  # Korean: what the submission does
    hint: str  # Korean: where the lecture explains the right way

    @property
    def code(self) -> str:
        """The id reported in grading output: "<exercise>/<id>"."""
        return f"{self.exercise}/{self.id}"


def catalogue() -> list[Misconception]:
    """Every entry of every chapter."""
    from . import ch01, ch02, ch03, ch04

    return [entry for chapter in (ch01, ch02, ch03, ch04) for entry in chapter.MISCONCEPTIONS]


def for_exercise(name: str) -> list[Misconception]:
    """The entries of one exercise."""
    return [entry for entry in catalogue() if entry.exercise == name]
