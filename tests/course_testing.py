"""Shared tools of the test suite: run an assignment's cells in-process with chosen answers.

``run_assignment("ch01_handmade_qkv", {"dot_scores": "def dot_scores(Q, K): ..."})`` executes
the source notebook top to bottom in a fresh namespace, with the solution cell of each named
exercise replaced by the given code, and returns the result of every graded test cell, as
nbgrader would score it (an exception = 0 points). Fast enough to try dozens of fixtures;
the nbgrader round trip itself is covered by the autograder's sample-class tests.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import time
import traceback
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

from autograder.course.authorship import NotebookSource
from autograder.course.context import CourseContext
from autograder.course.credit import DEFAULT_RULE, CreditRule
from autograder.course.notebook import cell_source, grade_id, is_test_cell, nbgrader_metadata, read_notebook
from autograder.grading.checker import (
    CheckSession,
    PartsUnderWay,
    course_part_reply,
    read_answer,
    split_test_cell,
    verdict_outputs,
)
from autograder.sandbox import policy
from helpers.grading import agent, wire
from helpers.grading.core import compare

COURSE = CourseContext()  # this repository's course
FIXTURES = Path(__file__).resolve().parent / "fixtures"  # fixtures/<assignment>/{right,wrong,tamper}/*.py
SOLUTION_MARKER = re.compile(r"#+ (BEGIN|END) SOLUTION")
TEST_CASE_KEY = b"course tests: a fixed key for the hidden cases"  # a course's real key is random (course/secret.py)


@dataclass
class CellResult:
    grade_id: str
    points: float
    max_points: float
    message: str = ""  # the exception's text when the cell failed
    printed: str = ""  # what the cell printed (a composite's note on a wrong part)

    @property
    def passed(self) -> bool:
        return self.points == self.max_points


def sandbox_or_skip() -> None:
    """Skip where no grading sandbox can be made, saying why; under CI=true, fail instead."""
    reason = policy.unavailable_reason()
    if reason and os.environ.get("CI") == "true":
        pytest.fail(f"CI must grade in the real sandbox: {reason}")
    if reason:
        pytest.skip(reason)


def outcome(function, case):
    """What `function` gives on `case` (on copies of its inputs): its value, or the type of error it raised."""
    try:
        return case.call(function)
    except Exception as error:  # noqa: BLE001 - a variant that cannot run is an outcome too
        return type(error)


def differ(left, right) -> bool:
    """True when two outcomes disagree (different error types, or values the checks tell apart)."""
    if isinstance(left, type) or isinstance(right, type):
        return left is not right
    return compare(left, right, "") is not None


def notebook_text_outputs(path: Path) -> str:
    """Everything a notebook's stored outputs print as text (streams and text/plain results)."""
    texts = []
    for cell in read_notebook(path)["cells"]:
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            texts.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(texts)


def write_student_notebook(release_notebook: Path, answers: dict[str, str], folder: Path) -> Path:
    """`release_notebook` as a student saves it in `folder`, with `answers` (by grade_id) in its solution cells."""
    notebook = read_notebook(release_notebook)
    for cell in notebook["cells"]:
        if grade_id(cell) in answers:
            cell["source"] = answers[grade_id(cell)]
    path = folder / release_notebook.name
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def source_solutions(assignment: str) -> dict[str, str]:
    """The source notebook's solution cells by grade_id, without nbgrader's solution markers: right answers."""
    return {grade_id(cell): "".join(line for line in cell_source(cell).splitlines(keepends=True)
                                    if not SOLUTION_MARKER.fullmatch(line.strip()))
            for cell in read_notebook(COURSE.source_notebook(assignment))["cells"]
            if nbgrader_metadata(cell).get("solution")}


def instructions(assignment: str, exercise: str) -> str:
    """The text that states `exercise` to the student: the last markdown cell before its solution cell."""
    text = None
    for cell in read_notebook(COURSE.source_notebook(assignment))["cells"]:
        if cell["cell_type"] == "markdown":
            text = cell_source(cell)
        elif grade_id(cell) == exercise and nbgrader_metadata(cell).get("solution"):
            assert text is not None, f"{assignment}: no text before the solution cell {exercise}"
            return text
    raise KeyError(f"no solution cell {exercise} in {assignment}")


class InProcessChannel:
    """The grading checker's channel to a kernel that is this process: the agent answers from `namespace`
    (everything the real channel does but the hop over ZMQ)."""

    def __init__(self, namespace: dict):
        self.namespace = namespace

    def ask(self, request: dict, timeout: float, marked: tuple[str, ...] = ()) -> dict:
        parts = PartsUnderWay(frozenset(request["course_parts"]), frozenset(marked))
        return read_answer(agent.answer(wire.encode(request, tables_by_name=True), self.namespace,
                                        lambda question: course_part_reply(question, parts)))


@dataclass(frozen=True)
class _NotebookCell:
    """A code cell to run: its grade_id ('' for none), its code, and for a graded test cell its points."""

    grade_id: str
    code: str
    test: bool
    points: float


def _cells(path: Path, answers: dict[str, str], only: set[str] | None) -> list[_NotebookCell]:
    """The code cells of the notebook at `path` in order, each solution cell named in `answers` holding that answer
    (taken out of `answers`), the graded test cells whose grade_id is not in `only` left out."""
    cells = []
    for cell in read_notebook(path)["cells"]:
        if cell["cell_type"] != "code":
            continue
        cell_id, test = grade_id(cell) or "", is_test_cell(cell)
        if test and only is not None and cell_id not in only:
            continue
        solution = nbgrader_metadata(cell).get("solution")
        code = answers.pop(cell_id) if solution and cell_id in answers else cell_source(cell)
        cells.append(_NotebookCell(cell_id, code, test, float(nbgrader_metadata(cell).get("points", 0))))
    if answers:
        raise KeyError(f"no solution cell with grade_id {sorted(answers)} in {path}")
    return cells


def _scored(cell: _NotebookCell, error: str | None, printed: str, earned: float | None) -> CellResult:
    """A test cell's result as nbgrader scores it: the partial points given, else nothing for an error."""
    scored = earned if earned is not None else 0.0 if error else cell.points
    return CellResult(cell.grade_id, scored, cell.points, error or "", printed)


def run_assignment(assignment: str, answers: dict[str, str] | None = None, *, release: bool = False,
                   notebook: Path | None = None, only: set[str] | None = None,
                   trusted: bool = False, credit_rule: CreditRule = DEFAULT_RULE) -> dict[str, CellResult]:
    """Grade results by test-cell grade_id, for the source (or release) notebook with `answers`.

    With `only`, graded test cells whose grade_id is not in it are skipped (not run, not reported). With
    `trusted`, each test cell is judged as course-grader judges it: its visible part runs (and scores
    nothing), then the grading checker decides on cases drawn from TEST_CASE_KEY, under `credit_rule`.
    """
    path = notebook or (COURSE.release_notebook(assignment) if release else COURSE.source_notebook(assignment))
    namespace: dict = {"__name__": "__main__"}
    results: dict[str, CellResult] = {}
    executed: list[str] = []
    for cell in _cells(path, dict(answers or {}), only):
        hidden = split_test_cell(cell.code, cell.grade_id) if cell.test and trusted else None
        code = hidden.visible if hidden is not None else cell.code
        executed.append(code)
        error, printed = _execute(code, namespace)
        earned = None
        if hidden is not None:
            error, note, earned = _checker_verdict(hidden.exercise, namespace, executed, credit_rule, cell.points)
            printed += note
        if cell.test:
            results[cell.grade_id] = _scored(cell, error, printed, earned)
    return results


@dataclass(frozen=True)
class BothPaths:
    """One answer's test-cell results by grade_id from the in-kernel judge (Validate, stock nbgrader) and from
    course-grader's checker."""

    in_kernel: dict[str, CellResult]
    checker: dict[str, CellResult]


def run_both_paths(assignment: str, answers: dict[str, str], *, only: set[str] | None = None) -> BothPaths:
    """run_assignment untrusted and trusted in one run of the source notebook: the setup cells and each test cell's
    visible lines are the same code on both paths, so they run once, in one namespace. At each test cell the
    checker decides first, on the namespace as course-grader's kernel holds it (the visible lines run, not the
    hidden), then the cell's hidden lines run in it, as Validate runs them after the visible ones."""
    namespace: dict = {"__name__": "__main__"}
    in_kernel: dict[str, CellResult] = {}
    checker: dict[str, CellResult] = {}
    executed: list[str] = []
    for cell in _cells(COURSE.source_notebook(assignment), dict(answers), only):
        hidden = split_test_cell(cell.code, cell.grade_id) if cell.test else None
        visible = hidden.visible if hidden is not None else cell.code
        executed.append(visible)
        error, printed = _execute(visible, namespace)
        if not cell.test:
            continue
        if hidden is None:
            in_kernel[cell.grade_id] = checker[cell.grade_id] = _scored(cell, error, printed, None)
            continue
        decided, note, earned = _checker_verdict(hidden.exercise, namespace, executed, DEFAULT_RULE, cell.points)
        checker[cell.grade_id] = _scored(cell, decided, printed + note, earned)
        if error is None:  # the hidden lines, below the visible ones: the lines the kernel would run next
            error, more = _execute("\n".join(cell.code.splitlines()[len(visible.splitlines()):]), namespace)
            printed += more
        in_kernel[cell.grade_id] = _scored(cell, error, printed, None)
    return BothPaths(in_kernel, checker)


def _checker_verdict(exercise: str, namespace: dict, executed: list[str], rule: CreditRule, max_points: float
                     ) -> tuple[str | None, str, float | None]:
    """(the checker's failure message or None, its note on wrong parts, the partial points it gave or None) for
    `exercise` as `namespace` holds it."""
    session = CheckSession(InProcessChannel(namespace), NotebookSource(executed))
    outputs, _ = verdict_outputs(exercise, session, TEST_CASE_KEY, rule, max_points)
    failures = [output.evalue for output in outputs if output.output_type == "error"]
    notes = [output.data.get("text/plain", "") for output in outputs if output.output_type == "display_data"]
    earned = [float(output.data["text/plain"]) for output in outputs if output.output_type == "execute_result"]
    if earned:  # a failure that keeps part of the points: its message is the note that shows the diagnosis
        return notes[0], "", earned[0]
    return (failures[0] if failures else None), "".join(notes), None


def _execute(code: str, namespace: dict) -> tuple[str | None, str]:
    """Run one cell: (the error text if it raised, as nbgrader would record it; what it printed)."""
    printed = io.StringIO()
    with warnings.catch_warnings(), contextlib.redirect_stdout(printed):
        warnings.simplefilter("ignore")
        try:
            exec(compile(code, "<cell>", "exec"), namespace)  # noqa: S102 - executing notebook cells is the point
        except Exception as error:  # noqa: BLE001 - a failing cell is a result, not a test error
            return "".join(traceback.format_exception_only(type(error), error)).strip(), printed.getvalue()
    return None, printed.getvalue()


def run_assignment_isolated(assignment: str, answers: dict[str, str], only: set[str] | None = None,
                            ) -> dict[str, CellResult]:
    """run_assignment in a separate Python process: for answers that tamper with the interpreter
    (builtins, library functions), which must not leak into the rest of the suite."""
    here = str(Path(__file__).resolve().parent)
    script = (
        f"import json, sys; sys.path.insert(0, {here!r})\n"
        "from course_testing import run_assignment\n"
        f"results = run_assignment({assignment!r}, json.loads(sys.stdin.read()), only={only!r})\n"
        "print(json.dumps({k: vars(v) for k, v in results.items()}))\n"
    )
    completed = subprocess.run([sys.executable, "-c", script], input=json.dumps(answers), capture_output=True,
                               text=True, timeout=300, check=True)
    return {key: CellResult(**value) for key, value in json.loads(completed.stdout.splitlines()[-1]).items()}


def wait_for(predicate, what: str, timeout: float = 300) -> None:
    """Return once `predicate()` holds; AssertionError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")
