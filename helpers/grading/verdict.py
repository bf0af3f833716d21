"""What a failing check says: the ``[진단: <exercise>/<code>]`` tag and the error that carries it.

This module imports nothing heavy, so the package's entry point can raise a tagged verdict
before it trusts the interpreter enough to import torch; the autograder reads the tag back
with :data:`TAG_PATTERN`.
"""

from __future__ import annotations

import re

TAG_PATTERN = re.compile(r"\[진단:\s*([^\]\s]+)\s*\]")  # group 1: "<exercise>/<code>"


def tag(code: str) -> str:
    """'dot_scores/no_transpose' → '[진단: dot_scores/no_transpose]'."""
    return f"[진단: {code}]"


class CheckFailed(AssertionError):
    """A check's verdict, with the code the class report counts."""

    def __init__(self, exercise: str, code: str, message: str):
        self.code = f"{exercise}/{code}"
        super().__init__(f"{tag(self.code)} {exercise}: {message}")

    def _render_traceback_(self) -> list[str]:
        """What IPython shows (in the notebook and nbgrader's Validate): the Korean message alone, not a
        traceback through the checking code."""
        return str(self).splitlines()
