"""autograder/report.py: what the class report counts per test cell and per check of an exercise."""

from __future__ import annotations

from autograder import report
from autograder.course.diagnosis import CellOutcome
from autograder.course.state import Outcome, StatusEntry, SubmissionState
from helpers.grading.verdict import FailureKind, Verdict

RIGHT = Verdict("dot_scores", checks_passed=("two_d", "batch_axes"))
ONLY_2D = Verdict("dot_scores", "dot_scores/T_on_batch", "K.T", FailureKind.JUDGED, checks_passed=("two_d",),
                  checks_failed=("batch_axes",))
FROM_TEXT = Verdict("dot_scores", "dot_scores/T_on_batch", "K.T", FailureKind.JUDGED)  # stock nbgrader's notebook


def _state(student: str, points: float, verdict: Verdict) -> SubmissionState:
    entry = StatusEntry(Outcome.GRADED, cells=(CellOutcome("test_dot_scores", points, 2.0, verdict),))
    return SubmissionState(student, Outcome.GRADED, submitted=True, entry=entry)


def test_the_report_counts_each_check_of_an_exercise_as_the_verdicts_name_it():
    states = {"s1": _state("s1", 2.0, RIGHT), "s2": _state("s2", 1.0, ONLY_2D), "s3": _state("s3", 0.0, FROM_TEXT)}
    counts = report._check_counts(states, sorted(states))
    assert [(check["title"], check["share"], check["passed"], check["failed"]) for check in counts["dot_scores"]] == [
        ("2차원 입력", 0.5, 2, 0), ("앞에 배치 축이 붙은 입력", 0.5, 1, 1)]


def test_the_report_counts_a_cell_that_kept_part_of_its_points_apart_from_a_pass():
    rates = report._test_cell_rates({"s1": {"test_dot_scores": (2.0, 2.0)}, "s2": {"test_dot_scores": (1.0, 2.0)},
                                     "s3": {"test_dot_scores": (0.0, 2.0)}})
    assert rates["test_dot_scores"] == {"grade_id": "test_dot_scores", "max_points": 2.0, "passed": 1, "partial": 1,
                                        "graded": 3}


def test_an_exercise_of_one_check_gets_no_table_of_checks():
    scaled = Verdict("scale_scores", "scale_scores/mismatch", "m", FailureKind.JUDGED, checks_failed=("values",))
    entry = StatusEntry(Outcome.GRADED, cells=(CellOutcome("test_scale_scores", 0.0, 1.0, scaled),))
    assert report._check_counts({"s1": SubmissionState("s1", Outcome.GRADED, True, entry=entry)}, ["s1"]) == {}
