"""One verdict on both paths: every answer the tests hold (fixtures, independent right and wrong sets, blind sets,
right answers adapted from public code) earns the same points and the same diagnosis code from the in-kernel judge
(the notebook's own test cells, as Validate and stock nbgrader run them) and from course-grader's checker.

Batched: one test per assignment grades all of that assignment's answers in one process, each answer in its own
fresh namespace, through both judges at once (tests/course_testing.run_both_paths: the notebook's cells run once,
each test cell's visible lines shared, then the checker decides and the hidden lines run). Each answer
is judged by one test only: the fixtures by tests/helpers/test_fixtures.py (on both paths, each to the points and
the very diagnosis its file name gives, which is one verdict), the public right answers by the fast test below, and
everything else by the slow one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from answer_sets import EVERY_SET, TESTS
from course_testing import FIXTURES, CellResult, run_both_paths

from helpers.grading.core import assignments

PUBLIC_RIGHT = TESTS / "public_right"  # <assignment>/<exercise>__<source>.py, source URL and licence in each
INDEPENDENT_RIGHT = TESTS / "independent_right"  # <assignment>/<student>/<exercise>.py
DIAGNOSIS = re.compile(r"\[진단: ([^\]]+)\]")


@dataclass(frozen=True)
class Answer:
    """One answer to grade: where it lives, and the solution cells it fills (one, or a student's whole set)."""

    path: Path
    cells: dict[str, str]
    right: bool | None  # True for a right answer (full points expected), None when the verdict is not known here


def _single(path: Path, right: bool | None) -> Answer:
    exercise = path.stem.partition("__")[0]
    return Answer(path, {exercise: path.read_text(encoding="utf-8")}, right)


def answers_of(assignment: str) -> list[Answer]:
    """Every answer of `assignment` in the tests' fixtures and sets (tamper fixtures aside: they run isolated)."""
    found = [_single(path, True) for path in sorted((FIXTURES / assignment / "right").glob("*.py"))]
    found += [_single(path, None) for path in sorted((FIXTURES / assignment / "wrong").glob("*.py"))]
    found += [_single(path, True) for path in sorted((PUBLIC_RIGHT / assignment).glob("*.py"))]
    for answer_set in EVERY_SET:
        found += [_single(path, None) for path in sorted((answer_set.answers / assignment).glob("*.py"))]
    for student in sorted((INDEPENDENT_RIGHT / assignment).glob("*")):
        if student.is_dir():
            cells = {path.stem: path.read_text(encoding="utf-8") for path in sorted(student.glob("*.py"))}
            found.append(Answer(student, cells, True))
    return found


@dataclass(frozen=True)
class Verdict:
    """What one judge gave each graded test cell: (points, diagnosis code or '')."""

    cells: dict[str, tuple[float, str]]


def verdicts(assignment: str, answer: Answer) -> tuple[Verdict, Verdict]:
    """(the in-kernel judge's verdict, the checker's) on `answer`'s test cells."""
    both = run_both_paths(assignment, answer.cells, only={f"test_{exercise}" for exercise in answer.cells})
    return _verdict(both.in_kernel), _verdict(both.checker)


def _verdict(results: dict[str, CellResult]) -> Verdict:
    return Verdict({cell: (result.points, _code(result.message)) for cell, result in results.items()})


def _code(message: str) -> str:
    found = DIAGNOSIS.search(message)
    return found.group(1) if found else ""


def disagreements(assignment: str, answers: list[Answer]) -> list[str]:
    """One line per answer whose two verdicts differ, or whose right answer lost points on either path."""
    lines = []
    for answer in answers:
        in_kernel, checker = verdicts(assignment, answer)
        name = answer.path.relative_to(TESTS)
        if in_kernel != checker and not _part_breaks_the_example(in_kernel, checker):
            lines.append(f"{name}: in kernel {in_kernel.cells}, checker {checker.cells}")
        lost = [cell for judged in (in_kernel, checker) for cell, (points, code) in judged.cells.items() if code]
        if answer.right and lost:
            lines.append(f"{name}: a right answer lost points in {sorted(set(lost))}")
    return lines


def _part_breaks_the_example(in_kernel, checker) -> bool:
    """The one difference the kernel cannot avoid: a composite whose own code is right, on a part of the student's
    that makes it raise on the lecture's example. The test cell's visible lines call it and fail (the kernel says
    `wrong_part`: fix that problem first), while the checker judges the composite on the course's parts and keeps its
    points; every other cell the same."""
    differing = [cell for cell in in_kernel.cells if in_kernel.cells[cell] != checker.cells.get(cell)]
    return bool(differing) and in_kernel.cells.keys() == checker.cells.keys() and all(
        in_kernel.cells[cell][1].endswith("/wrong_part") and in_kernel.cells[cell][0] == 0
        and checker.cells[cell][1] == "" for cell in differing)


def _judged_elsewhere(answer: Answer) -> bool:
    return answer.path.is_relative_to(FIXTURES) or answer.path.is_relative_to(PUBLIC_RIGHT)


@pytest.mark.slow
@pytest.mark.parametrize("assignment", sorted(assignments()))
def test_every_answer_gets_one_verdict_from_the_kernel_and_the_checker(assignment):
    answers = [answer for answer in answers_of(assignment) if not _judged_elsewhere(answer)]
    assert answers and not disagreements(assignment, answers)


@pytest.mark.parametrize("assignment", sorted(path.name for path in PUBLIC_RIGHT.iterdir() if path.is_dir()))
def test_right_answers_adapted_from_public_code_keep_full_marks_on_both_paths(assignment):
    answers = [answer for answer in answers_of(assignment) if answer.path.is_relative_to(PUBLIC_RIGHT)]
    assert answers and not disagreements(assignment, answers)


def test_every_public_right_answer_notes_its_source_and_licence():
    for path in sorted(PUBLIC_RIGHT.glob("*/*.py")):
        text = path.read_text(encoding="utf-8")
        assert "# Source: https://" in text and "Licence: " in text, path
