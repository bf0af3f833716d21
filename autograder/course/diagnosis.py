"""What each graded test cell of an autograded notebook says: points, and the verdict behind them.

In a notebook course-grader graded, every test cell ends with the grading checker's outputs: for a failure an
``error`` (which nbgrader scores zero), and for every verdict a ``display_data`` that holds the checker's
:class:`~helpers.grading.verdict.Verdict` in its metadata under :data:`VERDICT_KEY`. That value is read here, as
the checker made it; what the kernel printed in the cell became plain stdout text, which is read for nothing.

The text patterns (``[진단: <exercise>/<code>]`` in an error, ``[부품: <composite> → <part>/<code>]`` for a wrong
part) are read only as the fallback for a notebook stock nbgrader graded in the kernel, which holds no verdict;
there a failure without a tag (a NameError, a plain ``assert``, a cell stopped by the time limit) gets a code
of its own, so every failure is counted once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nbformat import NotebookNode
from nbgrader import utils as nbutils

from autograder.course.notebook import grade_id, is_test_cell
from helpers.grading.verdict import (
    CODE,
    NAME,
    PART_PATTERN,
    TAG_PATTERN,
    FailureKind,
    MalformedVerdict,
    Verdict,
    WrongPart,
)

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
VERDICT_KEY = "course_grader_verdict"  # the output metadata that holds the checker's verdict (Verdict.to_json)
TIMEOUT_NAMES = {"CellTimeoutError", "KeyboardInterrupt", "TimeoutError"}


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
        return {"grade_id": self.grade_id, "points": self.points, "max_points": self.max_points,
                "verdict": self.verdict.to_json()}

    @classmethod
    def from_json(cls, data: dict) -> CellOutcome:
        return cls(data["grade_id"], data["points"], data["max_points"], Verdict.from_json(data["verdict"]))


def strip_ansi(text: str) -> str:
    """`text` without terminal colour codes (IPython colours tracebacks)."""
    return ANSI.sub("", text)


def joined_text(value) -> str:
    """An output field as one string (nbformat stores text as a string or a list of lines)."""
    return "".join(value) if isinstance(value, list) else str(value or "")


def checker_verdict(cell: dict, exercise: str, passed: bool) -> Verdict | None:
    """The verdict the grading checker wrote into the test cell of `exercise`, or None when the cell holds none
    (a notebook stock nbgrader graded). Only the checker's value counts: one verdict, of this exercise, that
    reads as Verdict.to_json writes it and agrees with the points nbgrader gave the cell."""
    held = [output["metadata"][VERDICT_KEY] for output in cell.get("outputs", [])
            if output.get("output_type") == "display_data" and VERDICT_KEY in (output.get("metadata") or {})]
    if len(held) != 1:
        return None
    try:
        verdict = Verdict.from_json(held[0])
    except MalformedVerdict:
        return None
    return verdict if verdict.exercise == exercise and verdict.passed == passed else None


def text_verdict(cell: dict, exercise: str, passed: bool) -> Verdict:
    """The verdict a test cell's text says, for a notebook stock nbgrader graded in the kernel: the fallback."""
    parts = wrong_parts_of(cell)
    if passed:
        return Verdict(exercise, parts=parts)
    code, message, kind = failure_of(cell, exercise)
    return Verdict(exercise, code, message, kind, parts)


def failure_of(cell: dict, exercise: str) -> tuple[str, str, FailureKind]:
    """(code, message, kind) of a failed test cell from its text outputs."""
    for output in cell.get("outputs", []):
        if output.get("output_type") != "error":
            continue
        ename, evalue = output.get("ename", ""), strip_ansi(joined_text(output.get("evalue", "")))
        match = TAG_PATTERN.search(evalue)
        if match and CODE.fullmatch(match.group(1)):
            message = TAG_PATTERN.sub("", evalue, count=1).strip()
            return match.group(1), _shorten(message), FailureKind.JUDGED
        if ename in TIMEOUT_NAMES:
            return (f"{exercise}/셀_시간초과", "셀이 제한 시간 안에 끝나지 않아 중단되었습니다.",
                    FailureKind.CELL_TIMEOUT)
        if ename == "NameError":
            return f"{exercise}/정의_안됨", _shorten(f"{ename}: {evalue}"), FailureKind.CELL_ERROR
        if ename == "NotImplementedError":
            return f"{exercise}/not_implemented", "아직 함수를 작성하지 않았습니다.", FailureKind.CELL_ERROR
        name = ename if NAME.fullmatch(ename or "") else "error"
        return f"{exercise}/{name}", _shorten(f"{ename}: {evalue}" if evalue else ename), FailureKind.CELL_ERROR
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream" and output.get("name") == "stderr":
            return (f"{exercise}/stderr", _shorten("표준 오류(stderr)에 출력: " + joined_text(output.get("text", ""))),
                    FailureKind.STDERR)
    return f"{exercise}/부분점수", "셀이 점수 일부만 돌려주었습니다.", FailureKind.PARTIAL_POINTS


def wrong_parts_of(cell: dict) -> tuple[WrongPart, ...]:
    """Every wrong part an error of a test cell names (``[부품: …]``), in order, once each."""
    found: list[WrongPart] = []
    for output in cell.get("outputs", []):
        if output.get("output_type") != "error":
            continue
        for _, code in PART_PATTERN.findall(strip_ansi(joined_text(output.get("evalue", "")))):
            part = WrongPart(code.split("/", 1)[0], code)
            if CODE.fullmatch(code) and part not in found:
                found.append(part)
    return tuple(found)


def _shorten(text: str, lines: int = 4, chars: int = 400) -> str:
    kept = "\n".join(text.strip().splitlines()[:lines])
    return kept if len(kept) <= chars else kept[: chars - 1] + "…"


def outcomes(notebook: NotebookNode) -> list[CellOutcome]:
    """One CellOutcome per graded (non-solution) code cell of an autograded notebook: the only place a
    verdict is read back from a cell's outputs (the grading worker calls it; the rest read its result): the
    checker's, or for a notebook stock nbgrader graded, what the cell's text says."""
    result = []
    for cell in notebook.cells:
        if not is_test_cell(cell):
            continue
        cell_id = grade_id(cell) or ""
        exercise = cell_id.removeprefix("test_")
        score, max_score = nbutils.determine_grade(cell)
        passed = float(score or 0) >= float(max_score)
        verdict = checker_verdict(cell, exercise, passed) or text_verdict(cell, exercise, passed)
        result.append(CellOutcome(cell_id, float(score or 0), float(max_score), verdict))
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
