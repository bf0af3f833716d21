"""The catalogue of common wrong turns, one entry per misconception, one module per chapter.

Each entry is a wrong variant of an exercise written from the reference, plus what to tell
the student in Korean. The grading checks compare a failing submission with every variant of
its exercise on the same inputs and name the one it matches.
"""

from __future__ import annotations

from helpers.misconceptions import ch01, ch02, ch03, ch04
from helpers.misconceptions.entry import Misconception


def catalogue() -> list[Misconception]:
    """Every entry of every chapter."""
    return [entry for chapter in (ch01, ch02, ch03, ch04) for entry in chapter.MISCONCEPTIONS]


def for_exercise(name: str) -> list[Misconception]:
    """The entries of one exercise."""
    return [entry for entry in catalogue() if entry.exercise == name]
