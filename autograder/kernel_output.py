"""A grading kernel's stdout and stderr that stop carrying a cell's output once nbgrader could store no more.

nbgrader's LimitOutput keeps the first ``LimitOutput.max_lines`` lines of a cell's streams and drops the
rest. ipykernel spends a few microseconds on every write, so a cell printing a million lines costs
seconds, all for lines that are thrown away. :class:`CappedOutStream` passes each execution's first
``limit`` newlines of its stream (and everything before them) and drops what follows, so the stored
output is the same and those writes cost almost nothing. The student's code still runs in full.
The kernel template imports this module before it forks, so a sandboxed kernel needs no file of it.
"""

from __future__ import annotations

from ipykernel.iostream import OutStream


class CappedOutStream(OutStream):
    """ipykernel's OutStream, passing at most `limit` newlines per execution (request)."""

    limit = -1  # newlines passed per execution; -1: no cap. Set by the kernel template before ipykernel starts.

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._execution = None
        self._newlines = 0

    def write(self, string: str) -> int | None:
        if self.limit < 0 or not isinstance(string, str):
            return super().write(string)
        execution = self.parent_header.get("msg_id")
        if execution != self._execution:
            self._execution, self._newlines = execution, 0
        if self._newlines >= self.limit:
            return len(string)
        self._newlines += string.count("\n")
        return super().write(string)
