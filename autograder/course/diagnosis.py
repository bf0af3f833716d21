"""What each graded test cell of an autograded notebook says: points, and why it failed.

In a notebook course-grader graded, a test cell's only scoring output is the grading checker's: one
``error`` whose message starts with ``[진단: <exercise>/<code>]`` for a failure, nothing for a pass, and for
a composite whose own code is right but whose student-written part is wrong, a ``display_data`` marked
with :data:`NOTE_MARK` that says ``[부품: <composite> → <part>/<code>]`` (the report counts it under the
part). What the kernel printed there is plain stdout text, which is read for nothing here. For a notebook
graded in the kernel (stock nbgrader) a failure without a tag (a NameError, a plain ``assert``, a cell
stopped by the time limit) gets a code of its own, so every failure is counted once.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from nbformat import NotebookNode
from nbgrader import utils as nbutils

from autograder.course.notebook import grade_id, is_test_cell
from helpers.grading.verdict import PART_PATTERN, TAG_PATTERN

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
NOTE_MARK = "course_grader_note"  # output metadata of the checker's note on a right composite's wrong parts
TIMEOUT_NAMES = {"CellTimeoutError", "KeyboardInterrupt", "TimeoutError"}


@dataclass(frozen=True)
class Verdict:
    """Why a graded test cell said what it said, read once from its outputs by the grading worker."""

    exercise: str  # the function it tests (grade_id without "test_")
    code: str = ""  # "<exercise>/<code>" of the failure, "" when it passed
    message: str = ""  # the Korean message (first lines), without the tag
    parts: tuple[str, ...] = ()  # "<part>/<code>" of each wrong part a composite named


@dataclass(frozen=True)
class CellOutcome:
    """One graded test cell of an autograded notebook: its points and its verdict."""

    grade_id: str
    points: float
    max_points: float
    verdict: Verdict

    @property
    def passed(self) -> bool:
        return self.points >= self.max_points

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> CellOutcome:
        verdict = data["verdict"]
        return cls(data["grade_id"], data["points"], data["max_points"],
                   Verdict(verdict["exercise"], verdict["code"], verdict["message"], tuple(verdict["parts"])))


def strip_ansi(text: str) -> str:
    """`text` without terminal colour codes (IPython colours tracebacks)."""
    return ANSI.sub("", text)


def joined_text(value) -> str:
    """An output field as one string (nbformat stores text as a string or a list of lines)."""
    return "".join(value) if isinstance(value, list) else str(value or "")


def failure_of(cell: dict, exercise: str) -> tuple[str, str]:
    """(code, message) of a failed test cell from its outputs."""
    for output in cell.get("outputs", []):
        if output.get("output_type") != "error":
            continue
        ename, evalue = output.get("ename", ""), strip_ansi(joined_text(output.get("evalue", "")))
        match = TAG_PATTERN.search(evalue)
        if match:
            message = TAG_PATTERN.sub("", evalue, count=1).strip()
            return match.group(1), _shorten(message)
        if ename in TIMEOUT_NAMES:
            return f"{exercise}/셀_시간초과", "셀이 제한 시간 안에 끝나지 않아 중단되었습니다."
        if ename == "NameError":
            return f"{exercise}/정의_안됨", _shorten(f"{ename}: {evalue}")
        if ename == "NotImplementedError":
            return f"{exercise}/not_implemented", "아직 함수를 작성하지 않았습니다."
        return f"{exercise}/{ename or 'error'}", _shorten(f"{ename}: {evalue}" if evalue else ename)
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream" and output.get("name") == "stderr":
            return f"{exercise}/stderr", _shorten("표준 오류(stderr)에 출력: " + joined_text(output.get("text", "")))
    return f"{exercise}/부분점수", "셀이 점수 일부만 돌려주었습니다."


def wrong_parts_of(cell: dict) -> tuple[str, ...]:
    """The "<part>/<code>" of every ``[부품: …]`` note in a test cell's outputs, in order, once each."""
    found: list[str] = []
    for output in cell.get("outputs", []):
        if not _from_checker(output):
            continue
        note = joined_text(output.get("data", {}).get("text/plain", ""))
        text = strip_ansi(note + joined_text(output.get("evalue", "")))
        found += [code for _, code in PART_PATTERN.findall(text) if code not in found]
    return tuple(found)


def _from_checker(output: dict) -> bool:
    """An output the grading checker wrote: an error (the kernel's own are turned into text in a test cell)
    or a display marked as its note."""
    return output.get("output_type") == "error" or (
        output.get("output_type") == "display_data" and output.get("metadata", {}).get(NOTE_MARK) is True)


def _shorten(text: str, lines: int = 4, chars: int = 400) -> str:
    kept = "\n".join(text.strip().splitlines()[:lines])
    return kept if len(kept) <= chars else kept[: chars - 1] + "…"


def outcomes(notebook: NotebookNode) -> list[CellOutcome]:
    """One CellOutcome per graded (non-solution) code cell of an autograded notebook: the only place a
    verdict is read back from a cell's outputs (the grading worker calls it; the rest read its result)."""
    result = []
    for cell in notebook.cells:
        if not is_test_cell(cell):
            continue
        cell_id = grade_id(cell) or ""
        exercise = cell_id.removeprefix("test_")
        score, max_score = nbutils.determine_grade(cell)
        passed = float(score or 0) >= float(max_score)
        code, message = ("", "") if passed else failure_of(cell, exercise)
        result.append(CellOutcome(cell_id, float(score or 0), float(max_score),
                                  Verdict(exercise, code, message, wrong_parts_of(cell))))
    return result


def timed_out_cells(notebook: dict) -> list[str]:
    """Cells (grade_id, or "셀 N") that the execution time limit stopped."""
    stopped = []
    for position, cell in enumerate(notebook.get("cells", []), start=1):
        for output in cell.get("outputs", []) or []:
            if output.get("output_type") == "error" and output.get("ename") in TIMEOUT_NAMES:
                stopped.append(grade_id(cell) or f"셀 {position}")
                break
    return stopped
