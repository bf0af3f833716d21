"""Terminal output: a progress line and tables that line up with Hangul (two columns a glyph), and what a
submission wrote shown as data: its control characters as visible escapes (:func:`visible`)."""

from __future__ import annotations

import contextlib
import sys
import time
import unicodedata

BIDI_CONTROLS = (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))  # reorder what follows
KEPT_CONTROLS = "\n\t"  # line breaks and tabs lay out text; they move nothing already shown


def _escape(code: int) -> str:
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


ESCAPES = {code: _escape(code) for code in (*range(0x20), 0x7F, *range(0x80, 0xA0), *BIDI_CONTROLS)
           if chr(code) not in KEPT_CONTROLS}


def visible(text: object) -> str:
    """`text` with every control character (escape sequences, carriage return, backspace, bidi overrides) written
    as a visible escape such as ``\\x1b``: what a submission wrote reaches a terminal, a log or a CSV file as data,
    and cannot move, erase, retitle or restyle anything else shown there."""
    return str(text).translate(ESCAPES)


class VisibleStream:
    """A text stream that writes everything through :func:`visible`; ``unescaped`` is the stream beneath, for the
    course's own control sequences (the progress line)."""

    def __init__(self, stream):
        self.unescaped = stream

    def write(self, text: str) -> int:
        return self.unescaped.write(visible(text))

    def __getattr__(self, name: str):
        return getattr(self.unescaped, name)


@contextlib.contextmanager
def visible_output():
    """sys.stdout and sys.stderr as VisibleStreams while the block runs."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = VisibleStream(sys.stdout), VisibleStream(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def width(text: str) -> int:
    """Columns `text` takes in a terminal: Hangul and other wide characters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def pad(text: str, size: int, right: bool = False) -> str:
    """`text` padded with spaces to `size` columns (on the left when `right`)."""
    gap = " " * max(0, size - width(text))
    return gap + text if right else text + gap


def table(header: list[str], rows: list[list[str]], right: set[int] = frozenset()) -> str:
    """Rows under a header, columns separated by two spaces (so a reader can split on them)."""
    rows = [[visible(cell) for cell in row] for row in rows]
    sizes = [max([width(h)] + [width(r[i]) for r in rows]) for i, h in enumerate(header)]
    lines = ["  ".join(pad(h, sizes[i], i in right) for i, h in enumerate(header)).rstrip(),
             "  ".join("-" * s for s in sizes)]
    for row in rows:
        lines.append("  ".join(pad(cell, sizes[i], i in right) for i, cell in enumerate(row)).rstrip())
    return "\n".join(lines)


def duration(seconds: float) -> str:
    """12초, 3분 5초, 1시간 2분: a duration as an instructor reads it."""
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}초"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}분 {seconds:02d}초"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}시간 {minutes:02d}분"


class Progress:
    """A one-line progress bar on a terminal; one line per finished item otherwise (logs, CI)."""

    def __init__(self, total: int, jobs: int, stream=None, label: str = "채점"):
        self.total, self.jobs, self.label = total, max(1, jobs), label
        self.stream = getattr(stream or sys.stderr, "unescaped", stream or sys.stderr)
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.done = 0
        self.counts: dict[str, int] = {}
        self.started = time.monotonic()
        self._last = 0.0

    def advance(self, outcome: str, note: str = "") -> None:
        self.done += 1
        self.counts[outcome] = self.counts.get(outcome, 0) + 1
        if self.tty:
            self.draw(force=True)
        else:
            self.stream.write(f"  [{self.done}/{self.total}] {visible(note)}\n")
            self.stream.flush()

    def draw(self, force: bool = False) -> None:
        if not self.tty or self.total == 0:
            return
        now = time.monotonic()
        if not force and now - self._last < 0.5:
            return
        self._last = now
        filled = int(20 * self.done / self.total)
        bar = "█" * filled + "░" * (20 - filled)
        elapsed = now - self.started
        parts = [f"{k} {v}" for k, v in self.counts.items()]
        eta = ""
        if 0 < self.done < self.total:
            eta = f" · 남은 시간 약 {duration(elapsed / self.done * (self.total - self.done))}"
        line = f"\r{self.label} [{bar}] {self.done}/{self.total}  {' · '.join(parts)} · {duration(elapsed)}{eta}"
        self.stream.write(line + "\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.draw(force=True)
            self.stream.write("\n")
            self.stream.flush()
