"""Terminal output: a progress line and tables that line up with Hangul (two columns a glyph)."""

from __future__ import annotations

import sys
import time
import unicodedata


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
        self.stream = stream or sys.stderr
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
            self.stream.write(f"  [{self.done}/{self.total}] {note}\n")
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
