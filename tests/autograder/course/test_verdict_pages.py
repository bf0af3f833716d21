"""The checker's verdict reaches every page as the checker decided it: the grading worker reads it from the graded
cell, the status file keeps it, and the feedback summary, the class report and the similarity review show the same
code and the same wrong parts."""

from __future__ import annotations

import pytest
from course_testing import TEST_CASE_KEY, InProcessChannel, source_solutions
from nbformat.v4 import new_code_cell, new_notebook

from autograder.course.authorship import NotebookSource
from autograder.course.context import CourseContext
from autograder.course.diagnosis import outcomes
from autograder.course.state import Outcome, StatusEntry, SubmissionState, load_status, save_status
from autograder.feedback import AddSummary
from autograder.grading.checker import CheckSession, verdict_outputs
from autograder.report import PART_NOTE, _failure_counts
from autograder.similarity.review import graded_mistakes

ASSIGNMENT = "ch01_handmade_qkv"
ROUNDED_SCORES = "def dot_scores(Q, K):\n    return (Q @ K.transpose(-2, -1)).round()\n"  # right on the example only
TRANSPOSED_V = "def mix_values(weights, V):\n    return weights @ V.transpose(-2, -1)\n"


def _graded_notebook(answers: dict[str, str]):
    """Chapter 1 with `answers` in place of the solutions, every test cell judged by the checker as grade judges it."""
    cells = ["import torch", *{**source_solutions(ASSIGNMENT), **answers}.values()]
    namespace: dict = {}
    for cell in cells:
        exec(compile(cell, "<cell>", "exec"), namespace)  # noqa: S102 - the student's cells
    graded = []
    for exercise in source_solutions(ASSIGNMENT):
        outputs, _ = verdict_outputs(exercise, CheckSession(InProcessChannel(namespace), NotebookSource(cells)),
                                     TEST_CASE_KEY)
        cell = new_code_cell("pass", metadata={"nbgrader": {
            "grade": True, "solution": False, "locked": True, "points": 2, "grade_id": f"test_{exercise}",
            "schema_version": 3}})
        cell.outputs = outputs
        graded.append(cell)
    return new_notebook(cells=graded)


@pytest.fixture(scope="module")
def checked():
    """The outcomes the worker reads for a student with a wrong dot_scores (which self_attention is built on) and a
    wrong mix_values."""
    return tuple(outcomes(_graded_notebook({"dot_scores": ROUNDED_SCORES, "mix_values": TRANSPOSED_V})))


def test_the_worker_reads_a_wrong_part_and_two_failures_from_the_checker(checked):
    by_exercise = {cell.verdict.exercise: cell.verdict for cell in checked}
    assert [code.split("/")[0] for code in (by_exercise["dot_scores"].code, by_exercise["mix_values"].code)] == [
        "dot_scores", "mix_values"]
    assert by_exercise["self_attention"].passed
    assert [part.exercise for part in by_exercise["self_attention"].parts] == ["dot_scores", "mix_values"]


def test_the_status_file_gives_back_the_verdicts_the_worker_read(checked, tmp_path):
    context = CourseContext(tmp_path)
    save_status(context, ASSIGNMENT, {"s01": StatusEntry(Outcome.GRADED, cells=checked, fingerprint="f")})
    assert load_status(context, ASSIGNMENT)["s01"].cells == checked


def test_feedback_shows_each_failures_code_and_the_wrong_parts_code(checked):
    summary, _ = AddSummary(cells=list(checked)).preprocess(new_notebook(), {})
    page = summary.cells[0].source
    for cell in checked:
        shown = [cell.verdict.code] if not cell.passed else [part.code for part in cell.verdict.parts]
        assert all(f"`{code}`" in page for code in shown), (shown, page)


def test_the_report_counts_the_checkers_codes_and_each_wrong_part_under_its_own_exercise(checked):
    composite = next(cell for cell in checked if cell.verdict.parts)
    counted = _failure_counts({"s01": SubmissionState("s01", Outcome.GRADED, entry=StatusEntry(
        Outcome.GRADED, cells=(composite,)))}, ["s01"])  # the composite alone: its wrong parts count
    assert counted == {part.exercise: [{"code": part.code, "count": 1, "students": ["s01"], "message": PART_NOTE}]
                       for part in composite.verdict.parts}
    counted = _failure_counts({"s01": SubmissionState("s01", Outcome.GRADED, entry=StatusEntry(
        Outcome.GRADED, cells=checked))}, ["s01"])
    failed = {cell.verdict.code: cell.verdict.message for cell in checked if not cell.passed}
    assert {entry["code"]: entry["message"] for codes in counted.values() for entry in codes if entry["code"] in failed
            } == failed  # each failure with the message the checker wrote


def test_the_similarity_review_weighs_the_checkers_verdicts(checked, tmp_path):
    context = CourseContext(tmp_path)
    save_status(context, ASSIGNMENT, {"s01": StatusEntry(Outcome.GRADED, cells=checked, fingerprint="f")})
    assert graded_mistakes(context, ASSIGNMENT) == {"s01": {cell.verdict.exercise: cell.verdict
                                                            for cell in checked if not cell.passed}}
