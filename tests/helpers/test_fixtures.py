"""Every fixture answer earns what it should, through the assignment's own test cells.

Fixtures live in tests/fixtures/<assignment>/:
- right/<exercise>__<how>.py: a correct answer written another way: full points for every test cell;
- wrong/<exercise>__<code>.py: a wrong answer: zero for test_<exercise>, and the message carries
  ``[진단: <exercise>/<code>]`` (a misconception id or a generic code such as ``forbidden``);
- tamper/<exercise>__<code>.py: like wrong/, but the cell also tampers with the interpreter, so it
  runs in a process of its own.
Each file is the whole content of the exercise's solution cell.
"""

from __future__ import annotations

import pytest
from course_testing import FIXTURES, run_assignment, run_assignment_isolated, run_both_paths

from autograder.course.credit import CreditRule


def _fixtures(kind: str):
    for path in sorted(FIXTURES.glob(f"*/{kind}/*.py")):
        exercise, _, detail = path.stem.partition("__")
        yield pytest.param(path.parent.parent.name, exercise, detail, path, id=f"{path.parent.parent.name}/{path.stem}")


# Each fixture is judged the two ways a verdict is reached, in one run of the notebook (run_both_paths): by the
# notebook's own test cells in the student's kernel (Validate, stock nbgrader) and by course-grader's checker
# outside it (in-process channel).
@pytest.mark.parametrize(("assignment", "exercise", "how", "path"), list(_fixtures("right")))
def test_correct_answer_written_another_way_earns_full_points_on_both_paths(assignment, exercise, how, path):
    both = run_both_paths(assignment, {exercise: path.read_text(encoding="utf-8")})
    failed = {(judge, grade_id): result.message for judge, results in vars(both).items()
              for grade_id, result in results.items() if not result.passed}
    assert not failed


@pytest.mark.parametrize(("assignment", "exercise", "code", "path"), list(_fixtures("wrong")))
def test_wrong_answer_earns_zero_with_its_diagnosis_on_both_paths(assignment, exercise, code, path):
    both = run_both_paths(assignment, {exercise: path.read_text(encoding="utf-8")}, only={f"test_{exercise}"})
    for judge, results in vars(both).items():
        result = results[f"test_{exercise}"]
        assert (judge, result.points) == (judge, 0)
        assert f"[진단: {exercise}/{code}]" in result.message, judge


def _credited(fixtures) -> list:
    """The fixtures of exercises where a catalogued mistake keeps points by diagnosis."""
    from helpers.misconceptions import catalogue

    credited = {entry.exercise for entry in catalogue() if entry.credit}
    return [fixture for fixture in fixtures if fixture.values[1] in credited]


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "exercise", "code", "path"), _credited(_fixtures("wrong")))
def test_by_diagnosis_a_wrong_answer_keeps_exactly_the_credit_of_its_mistake(assignment, exercise, code, path):
    from helpers.misconceptions import by_code

    result = run_assignment(assignment, {exercise: path.read_text(encoding="utf-8")}, only={f"test_{exercise}"},
                            trusted=True, credit_rule=CreditRule.BY_DIAGNOSIS)[f"test_{exercise}"]
    entry = by_code(f"{exercise}/{code}")
    assert result.points == round((entry.credit if entry else 0.0) * result.max_points, 2)
    assert f"[진단: {exercise}/{code}]" in result.message


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "exercise", "how", "path"), _credited(_fixtures("right")))
def test_by_diagnosis_a_right_answer_keeps_full_points(assignment, exercise, how, path):
    results = run_assignment(assignment, {exercise: path.read_text(encoding="utf-8")}, trusted=True,
                             credit_rule=CreditRule.BY_DIAGNOSIS)
    assert not {grade_id: result.message for grade_id, result in results.items() if not result.passed}


@pytest.mark.parametrize(("assignment", "exercise", "code", "path"), list(_fixtures("tamper")))
def test_tampering_does_not_make_a_wrong_answer_pass(assignment, exercise, code, path):
    """In the kernel (Validate): the checker, in a process of its own, is what the red team's forgery tests
    try against tampering of every kind (tests/autograder/grading/test_verdict_forgery.py)."""
    result = run_assignment_isolated(assignment, {exercise: path.read_text(encoding="utf-8")},
                                     only={f"test_{exercise}"})[f"test_{exercise}"]
    assert result.points == 0
    assert f"[진단: {exercise}/{code}]" in result.message


def test_every_catalogued_misconception_has_a_wrong_fixture():
    from helpers.misconceptions import catalogue

    fixtures = {path.stem.replace("__", "/") for path in FIXTURES.glob("*/wrong/*.py")}
    missing = sorted(entry.code for entry in catalogue() if entry.code not in fixtures)
    assert not missing


def test_every_exercise_has_a_correct_answer_written_another_way():
    from helpers.grading import exercise_names

    for assignment in {path.parent.parent.name for path in FIXTURES.glob("*/right/*.py")}:
        ways = [path.stem.split("__") for path in FIXTURES.glob(f"{assignment}/right/*.py")]
        assert len({how for _, how in ways}) >= 5, f"{assignment}: fewer than five ways of writing it right"
    covered = {path.stem.partition("__")[0] for path in FIXTURES.glob("*/right/*.py")}
    assert set(exercise_names()) <= covered


GENERIC_CODES = {"hardcoded", "forbidden", "inplace", "not_from_parts", "wrong_exception", "mismatch", "tampered",
                 "dtype"}


def test_every_wrong_fixture_names_a_catalogued_or_generic_diagnosis_and_each_exercise_has_the_generic_two():
    from helpers.grading import exercise_names
    from helpers.misconceptions import catalogue

    codes = {entry.code for entry in catalogue()}
    fixtures = {path.stem.replace("__", "/") for path in FIXTURES.glob("*/wrong/*.py")}
    assert {code.split("/")[1] for code in fixtures - codes} <= GENERIC_CODES
    for name in exercise_names():
        assert {f"{name}/hardcoded", f"{name}/forbidden"} <= fixtures


def _multi_check(fixtures) -> list:
    """The fixtures of exercises made of more than one check (the others score as all-or-nothing per check)."""
    from helpers.grading.core import exercises

    return [fixture for fixture in fixtures if len(exercises()[fixture.values[1]].checks) > 1]


def _oracle_share(assignment: str, exercise: str, answer: str) -> float:
    """The shares of `exercise`'s checks on whose every case (the lecture's examples and the draw of the tests' key)
    the answer, run with the notebook's other cells, returns what the reference does: computed here, not by the
    checker."""
    from course_testing import COURSE, TEST_CASE_KEY, source_solutions

    from autograder.course.notebook import cell_source, grade_id, is_test_cell, read_notebook
    from helpers.grading.compare import compare
    from helpers.grading.core import _examples, exercises, hidden_cases

    namespace: dict = {"__name__": "__main__"}
    cells = {**source_solutions(assignment), exercise: answer}
    for cell in read_notebook(COURSE.source_notebook(assignment))["cells"]:
        if cell["cell_type"] == "code" and not is_test_cell(cell):
            exec(compile(cells.get(grade_id(cell) or "", cell_source(cell)), "<cell>", "exec"), namespace)  # noqa: S102
    spec, function = exercises()[exercise], namespace[exercise]

    def right(case) -> bool:
        try:
            got = case.call(function)
        except Exception as error:  # noqa: BLE001 - an error is the answer's, and right only where one is asked for
            return case.raises is not None and isinstance(error, case.raises)
        return case.raises is None and compare(case.call(spec.reference), got, "", slack=case.slack) is None

    cases = _examples(spec) + hidden_cases(exercise, TEST_CASE_KEY)
    return sum(check.share for check in spec.checks
               if all(right(case) for case in cases if spec.check_of(case) is check))


@pytest.mark.slow
@pytest.mark.parametrize(("assignment", "exercise", "code", "path"), _multi_check(_fixtures("wrong")))
def test_per_check_a_wrong_answer_keeps_the_shares_of_the_checks_it_gets_right(assignment, exercise, code, path):
    from helpers.grading.core import WHOLE_ANSWER

    answer = path.read_text(encoding="utf-8")
    result = run_assignment(assignment, {exercise: answer}, only={f"test_{exercise}"}, trusted=True,
                            credit_rule=CreditRule.PER_CHECK)[f"test_{exercise}"]
    share = 0.0 if code in WHOLE_ANSWER else _oracle_share(assignment, exercise, answer)
    assert result.points == round((share if share < 1 else 0.0) * result.max_points, 2) < result.max_points
    assert f"[진단: {exercise}/{code}]" in result.message
