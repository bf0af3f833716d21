"""The course's chapters, found rather than listed, and the one format of a pointer into a lecture.

Each chapter's :class:`Chapter` (its assignment and its lecture) is a constant here, ``CH01`` … ``CH07``,
the bottom of ``helpers``: ``helpers/grading/chNN.py`` (its ``CHAPTER`` and ``EXERCISES``) and
``helpers/misconceptions/chNN.py`` (its ``MISCONCEPTIONS``) both import it from here, never from each
other. :func:`modules` finds those chapter modules by name, in chapter order.
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

    @property
    def number(self) -> int:
        """The lecture's number, 1 … 7, as its title and the course's pages name it ('3강')."""
        return int(self.lecture[:2])

    def section(self, heading: str, detail: str | None = None) -> str:
        """Where a student reads about it: '1강 01_handmade_qkv §1단계 · 점수표' (the lecture's number as the
        course counts them, its notebook, and the heading as the lecture writes it, or its beginning), with an
        optional detail inside that section after ' — '."""
        pointer = f"{self.number}강 {self.lecture} §{heading}"
        return f"{pointer} — {detail}" if detail else pointer


CH01 = Chapter("ch01_handmade_qkv", "01_handmade_qkv")
CH02 = Chapter("ch02_scaling", "02_scaling_experiment")
CH03 = Chapter("ch03_padding_mask", "03_padding_mask")
CH04 = Chapter("ch04_random_weights", "04_random_weights")
CH05 = Chapter("ch05_multi_head", "05_multi_head")
CH06 = Chapter("ch06_encoder_block", "06_encoder_block")
CH07 = Chapter("ch07_pretrained_attention", "07_pretrained_attention")


def modules(package: str) -> list[ModuleType]:
    """The chapter modules (chNN) of `package`, e.g. "helpers.grading", in chapter order."""
    found = importlib.import_module(package)
    names = sorted(info.name for info in pkgutil.iter_modules(found.__path__) if _CHAPTER_MODULE.fullmatch(info.name))
    return [importlib.import_module(f"{package}.{name}") for name in names]


POINTER_PATTERN = re.compile(r"\d강 (\d\d_\w+) §([^—\n]+?)(?: — |\n|$)")  # lecture, heading
