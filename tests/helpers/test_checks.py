"""The checks an exercise is made of (helpers.grading.spec.Check): every check holds cases the grader draws anew from
the course's secret, a failure names the checks its cases passed and failed, and the exercise text shows them."""

from __future__ import annotations

import re

import pytest
import torch
from course_testing import TEST_CASE_KEY

from autograder.course.context import ROOT
from autograder.course.notebook import cell_source, read_notebook
from helpers.grading import core
from helpers.grading.spec import Case, Check, Exercise
from helpers.grading.student import LocalFunction
from helpers.grading.verdict import CheckFailed

PROBLEM = re.compile(r"## 문제 \d+ · `(\w+)\(")
SECRETS = [TEST_CASE_KEY, *(bytes([seed]) * 16 for seed in range(8))]


def _own(exercise: Exercise, check: Check, cases: list[Case]) -> list[Case]:
    return [case for case in cases if exercise.check_of(case) is check]


@pytest.mark.parametrize("name", core.exercises())
def test_every_check_holds_cases_each_secret_draws_anew(name):
    """A check the public inputs alone could pass would pay a table of their answers."""
    exercise = core.exercises()[name]
    draws = [core.hidden_cases(name, secret) for secret in SECRETS]
    for check in exercise.checks:
        inputs = [[repr((case.args, case.kwargs)) for case in _own(exercise, check, cases)] for cases in draws]
        assert all(inputs), f"{name}: a draw has no case of the check {check.name}"
        assert len({tuple(drawn) for drawn in inputs}) > 1, f"{name}: the check {check.name} is the same every draw"


def _failure(name: str, function, cases: list[Case], drawn: list[Case]) -> CheckFailed:
    with pytest.raises(CheckFailed) as raised:
        core.grade_code(name, LocalFunction(function, name), cases, drawn=drawn)
    return raised.value


def test_an_answer_right_without_batch_axes_passes_that_check_and_fails_the_other():
    failure = _failure("dot_scores", lambda Q, K: Q @ K.T, *[core.hidden_cases("dot_scores", TEST_CASE_KEY)] * 2)
    assert (failure.verdict.checks_passed, failure.verdict.checks_failed) == (("two_d",), ("batch_axes",))
    assert "채점 항목: ✓ 2차원 입력 (50%) · ✗ 앞에 배치 축이 붙은 입력 (50%)" in failure._render_traceback_()


def test_the_lecture_examples_alone_never_pass_a_check():
    exercise = core.exercises()["mix_values"]
    batched = _own(exercise, exercise.checks[1], core.hidden_cases("mix_values", TEST_CASE_KEY))[:1]
    failure = _failure("mix_values", torch.mm, core._examples(exercise) + batched, batched)
    assert failure.verdict.checks_passed == () and failure.verdict.checks_failed == ("batch_axes",)
    assert "? 2차원 입력" in failure.checks.line()  # right on the example, which no one draws: not known


def test_a_failure_of_the_whole_answer_fails_every_check():
    def unwritten(Q, K):
        raise NotImplementedError()

    cases = core.hidden_cases("dot_scores", TEST_CASE_KEY)
    failure = _failure("dot_scores", unwritten, cases, cases)
    assert failure.code == "dot_scores/not_implemented"
    assert failure.verdict.checks_passed == () and failure.verdict.checks_failed == ("two_d", "batch_axes")


def test_the_visible_test_names_the_checks_of_the_public_draw():
    """What Validate shows (the release notebook's test cell holds the visible test alone)."""
    with pytest.raises(CheckFailed) as raised:
        core.check_example("dot_scores", lambda Q, K: Q @ K.T)
    assert "채점 항목: ✓ 2차원 입력 (50%) · ✗ 앞에 배치 축이 붙은 입력 (50%)" in raised.value._render_traceback_()


@pytest.mark.parametrize("checks, problem", [
    ((Check("a", "가", 0.5), Check("b", "나", 0.4)), "sum to 1"),
    ((Check("a", "가", 0.5), Check("b", "나", 0.5, lambda case: True)), "last check"),
    ((Check("a", "가", 0.5), Check("a", "나", 0.5)), "distinct"),
    ((Check("a", "가", 0.0, lambda case: False), Check("b", "나", 1.0)), "positive"),
], ids=["shares under 1", "a last check that names what it covers", "one name twice", "a share of nothing"])
def test_an_exercise_whose_checks_do_not_add_up_is_refused(checks, problem):
    with pytest.raises(ValueError, match=problem):
        Exercise("dot_scores", lambda generator: [], lambda: [], "1강", checks=checks)


def _exercise_texts(folder: str) -> dict[str, str]:
    """Function name → the markdown of its problem ('## 문제 N · `name(…`), in every notebook of `folder`."""
    texts = {}
    for notebook in sorted((ROOT / folder).glob("*/*.ipynb")):
        for cell in read_notebook(notebook).cells:
            match = PROBLEM.match(cell_source(cell)) if cell.cell_type == "markdown" else None
            if match:
                texts[match.group(1)] = cell_source(cell)
    return texts


@pytest.mark.parametrize("folder", ["source", "release"])
def test_every_exercise_text_names_its_checks_and_their_shares(folder):
    """The problem's text says what the grader's checks are: its line is made from them (tools/checks_lines.py)."""
    texts = _exercise_texts(folder)
    assert set(texts) == set(core.exercises())
    assert [name for name, exercise in core.exercises().items() if exercise.checks_line() not in texts[name]] == []
