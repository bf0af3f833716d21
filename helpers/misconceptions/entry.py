"""One catalogued misconception: a wrong variant of an exercise and what to tell the student."""

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
