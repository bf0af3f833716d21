"""The catalogue of common wrong turns, one entry per misconception, one module per chapter.

Each entry is a wrong variant of an exercise written from the reference, plus what to tell
the student in Korean. The grading checks compare a failing submission with every variant of
its exercise on the same inputs and name the one it matches. A chapter's entries live in
``helpers/misconceptions/chNN.py`` as ``MISCONCEPTIONS`` and are found by :mod:`helpers.chapters`.
"""

from __future__ import annotations

from helpers import chapters
from helpers.misconceptions.entry import Misconception, composed

# Found while this package is imported, so a fresh copy of helpers holds its own catalogue.
_CATALOGUE = [entry for chapter in chapters.modules("helpers.misconceptions") for entry in chapter.MISCONCEPTIONS]


def catalogue() -> list[Misconception]:
    """Every entry of every chapter."""
    return list(_CATALOGUE)


def for_exercise(name: str) -> list[Misconception]:
    """The entries of one exercise."""
    return [entry for entry in catalogue() if entry.exercise == name]


def by_code(code: str) -> Misconception | None:
    """The entry whose code is `code` ("<exercise>/<id>"), or None (two mistakes at once, or no entry's)."""
    return next((entry for entry in _CATALOGUE if entry.code == code), None)


def pairs_for_exercise(name: str) -> list[Misconception]:
    """Two entries of one exercise made together, one entry per pair: each entry with every composable one's change
    around it (a pair of composable entries once)."""
    entries = for_exercise(name)
    return [composed(first, second) for first in entries for second in entries
            if second.composable and first is not second and not (first.composable and first.id > second.id)]
