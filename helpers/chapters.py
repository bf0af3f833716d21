"""The course's chapters, found rather than listed, and the one format of a pointer into a lecture.

A chapter is registered by its own files only: ``helpers/grading/chNN.py`` defines ``CHAPTER``
(a :class:`Chapter`) and ``EXERCISES``; ``helpers/misconceptions/chNN.py`` defines
``MISCONCEPTIONS``. :func:`modules` finds them by name, in chapter order.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass
from types import ModuleType

_CHAPTER_MODULE = re.compile(r"ch\d\d")


@dataclass(frozen=True)
class Chapter:
    """One chapter: its nbgrader assignment and its lecture notebook."""

    assignment: str  # nbgrader assignment id, e.g. "ch01_handmade_qkv"
    lecture: str  # lecture notebook name under notebooks/ without .ipynb, e.g. "01_handmade_qkv"

    def section(self, heading: str, detail: str | None = None) -> str:
        """Where a student reads about it: '강의 01_handmade_qkv §1단계 · 점수표' (heading as the lecture
        writes it, or its beginning), with an optional detail inside that section after ' — '."""
        pointer = f"강의 {self.lecture} §{heading}"
        return f"{pointer} — {detail}" if detail else pointer


def modules(package: str) -> list[ModuleType]:
    """The chapter modules (chNN) of `package`, e.g. "helpers.grading", in chapter order."""
    found = importlib.import_module(package)
    names = sorted(info.name for info in pkgutil.iter_modules(found.__path__) if _CHAPTER_MODULE.fullmatch(info.name))
    return [importlib.import_module(f"{package}.{name}") for name in names]


POINTER_PATTERN = re.compile(r"강의 (\d\d_\w+) §([^—\n]+?)(?: — |\n|$)")  # lecture, heading
