"""A submission's state (autograder/course/state.py): the fingerprint that decides "변경 없음" follows the
submission, the graded source and the code that decides grades, and nothing else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from autograder.course import gradebook as book
from autograder.course import state
from autograder.course.context import CourseContext
from autograder.course.state import Outcome, fingerprint, source_digest, submission_states
from autograder.grading.plan import plan_run

REPO = Path(__file__).resolve().parents[3]
ASSIGNMENT = "ch01_handmade_qkv"
STUDENTS = ("s01", "s02", "s03")


@pytest.fixture
def graded_class(tmp_path, monkeypatch) -> CourseContext:
    """Three students merged by `grade` with the fingerprints of now, grading with a copy of helpers."""
    helpers = tmp_path / "helpers"
    shutil.copytree(Path(state.HELPERS), helpers, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(state, "HELPERS", helpers)
    root = tmp_path / "course"
    shutil.copytree(REPO / "source" / ASSIGNMENT, root / "source" / ASSIGNMENT)
    context = CourseContext(root)
    book.sync_assignment(context, ASSIGNMENT)
    notebook = context.source_notebook(ASSIGNMENT).read_bytes()
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        for student in STUDENTS:
            for folder in (context.submission_dir(student, ASSIGNMENT), context.autograded_dir(student, ASSIGNMENT)):
                folder.mkdir(parents=True)
                (folder / f"{ASSIGNMENT}.ipynb").write_bytes(notebook)
            mark = fingerprint(context.submission_dir(student, ASSIGNMENT), source_digest(context, ASSIGNMENT))
            book.merge(gradebook, ASSIGNMENT, student, mark, None, {})
    return context


def _to_grade(context: CourseContext) -> list[str]:
    with context.gradebook() as gradebook:
        return [student for student, _ in plan_run(context, ASSIGNMENT, gradebook).todo]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_class_graded_with_the_grading_of_now_is_left_as_it_is(graded_class):
    assert _to_grade(graded_class) == []
    with graded_class.gradebook() as gradebook:
        states = submission_states(graded_class, ASSIGNMENT, gradebook)
    assert {student: s.outcome for student, s in states.items()} == dict.fromkeys(STUDENTS, Outcome.GRADED)


@pytest.mark.parametrize("changed", [
    ("grading/compare.py", "rtol=RTOL, atol=ATOL,", "rtol=2 * RTOL, atol=ATOL,"),  # a check's tolerance
    ("misconceptions/ch01.py", "def ", "def _added_variant():\n    return None\n\n\ndef "),  # the catalogue
    ("reference.py", "def ", "def _added_helper():\n    return None\n\n\ndef "),  # what answers are compared with
], ids=["a check", "a misconception", "the reference"])
def test_changing_the_code_that_decides_grades_regrades_the_class(graded_class, changed):
    file, old, new = changed
    _edit(Path(state.HELPERS) / file, old, new)
    assert _to_grade(graded_class) == list(STUDENTS)
    with graded_class.gradebook() as gradebook:
        outcomes = {s.outcome for s in submission_states(graded_class, ASSIGNMENT, gradebook).values()}
    assert outcomes == {Outcome.CHANGED}  # export leaves them blank until they are graded again


def test_an_unrelated_change_to_helpers_regrades_nobody(graded_class):
    _edit(Path(state.HELPERS) / "plotting.py", "def ", "def _added_plot():\n    return None\n\n\ndef ")
    _edit(Path(state.HELPERS) / "data.py", "def ", "def _added_data():\n    return None\n\n\ndef ")
    assert _to_grade(graded_class) == []


def test_a_changed_submission_is_graded_again_alone(graded_class):
    (graded_class.submission_dir("s02", ASSIGNMENT) / "extra.txt").write_text("새 파일", encoding="utf-8")
    assert _to_grade(graded_class) == ["s02"]
