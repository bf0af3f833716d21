"""What a failing check says: the ``[진단: <exercise>/<code>]`` tag and the error that carries it.

This module imports nothing heavy, so the package's entry point can raise a tagged verdict
before it trusts the interpreter enough to import torch; the autograder reads the tag back
with :data:`TAG_PATTERN`.
"""

from __future__ import annotations

import re
import textwrap

TAG_PATTERN = re.compile(r"\[진단:\s*([^\]\s]+)\s*\]")  # group 1: "<exercise>/<code>"
# A composite whose own code is right but whose student-written part is wrong: group 1 the composite,
# group 2 the part's "<exercise>/<code>" (counted under the part, which its own test marks down).
PART_PATTERN = re.compile(r"\[부품:\s*(\w+)\s*→\s*([^\]\s]+)\s*\]")


RENDER_WIDTH = 64  # characters a rendered line holds: a Hangul syllable is two columns wide


def tag(code: str) -> str:
    """'dot_scores/no_transpose' → '[진단: dot_scores/no_transpose]'."""
    return f"[진단: {code}]"


def part_tag(composite: str, part_code: str) -> str:
    """('self_attention', 'row_softmax/no_exp') → '[부품: self_attention → row_softmax/no_exp]'."""
    return f"[부품: {composite} → {part_code}]"


class CheckFailed(AssertionError):
    """A check's verdict, with the code the class report counts."""

    def __init__(self, exercise: str, code: str, message: str):
        self.code = f"{exercise}/{code}"
        self.message = message  # the Korean message, without the tag
        super().__init__(f"{tag(self.code)} {exercise}: {message}")

    def _render_traceback_(self) -> list[str]:
        """What IPython shows (in the notebook and nbgrader's Validate, whose dialog does not wrap lines):
        the Korean message alone, not a traceback through the checking code, in lines of a readable width."""
        return [wrapped for line in str(self).splitlines()
                for wrapped in textwrap.wrap(line, width=RENDER_WIDTH, break_long_words=False) or [""]]
