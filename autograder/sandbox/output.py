"""A grading kernel's stdout and stderr that stop carrying a cell's output once nbgrader could store no more.

nbgrader's LimitOutput keeps the first ``LimitOutput.max_lines`` lines of a cell's streams and drops the
rest. ipykernel spends a few microseconds on every write, so a cell printing a million lines costs
seconds, all for lines that are thrown away. :class:`CappedOutStream` passes each execution's first
``limit`` newlines of its stream (and everything before them) and drops what follows, so the stored
output is the same and those writes cost almost nothing. The student's code still runs in full.
The kernel template imports this module before it forks, so a sandboxed kernel needs no file of it.
"""

from __future__ import annotations

import math

from ipykernel.iostream import OutStream


class CappedOutStream(OutStream):
    """ipykernel's OutStream, passing at most `limit` newlines per request (ipykernel calls set_parent for each).
    Past the cap, `write` is the builtin `len` (what a write returns), so print() drops a line in C."""

    limit = -1  # newlines passed per request; -1: no cap. Set by the kernel template before ipykernel starts.

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._cap = self.limit if self.limit >= 0 else math.inf
        self._newlines = 0

    def set_parent(self, parent):
        super().set_parent(parent)
        self._newlines = 0
        self.__dict__.pop("write", None)

    def write(self, string: str) -> int | None:
        if isinstance(string, str):
            self._newlines += string.count("\n")
            if self._newlines >= self._cap:
                self.write = len
        return super().write(string)
