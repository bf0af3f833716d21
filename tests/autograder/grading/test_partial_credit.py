"""Partial credit by diagnosis and per check, end to end: a 3강 class graded by `course-grader grade` (sandboxed
where a sandbox can be made) with ``c.CheckedExecute.credit_rule = "by_diagnosis"`` in the course's
nbgrader_config.py.

A masked_attention that forgets the √d_k keeps half of its points in nbgrader's gradebook, and its feedback page says
so in Korean; an answer that only tables the public inputs' answers of that mistake keeps none, and so does a kernel
that shows the cell's points as its own result. Set back to all-or-nothing, the class is graded again and the
mistake keeps nothing; per check, an answer right on every tidy input keeps the share of that check.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from course_testing import FIXTURES
from sample_class.build import make_course, make_notebook

from autograder.course import gradebook as book
from autograder.course.context import CourseContext
from autograder.course.notebook import nbgrader_metadata, read_notebook
from autograder.sandbox import policy as sandbox
from helpers.paths import ROOT

pytestmark = pytest.mark.slow

ASSIGNMENT = "ch03_padding_mask"
CELL = "test_masked_attention"
NO_SCALING = (FIXTURES / ASSIGNMENT / "wrong" / "masked_attention__no_scaling.py").read_text(encoding="utf-8")
PUBLIC_TABLE = '''import torch
from helpers import misconceptions
from helpers.grading import core
_made = misconceptions.by_code("masked_attention/no_scaling").variant
_table = [(case.args[0], case.call(_made)) for case in core._diagnosis_cases(core.exercises()["masked_attention"])
          if case.raises is None]


def masked_attention(query: torch.Tensor, key, value, mask=None):
    for asked, answer in _table:
        if asked.shape == query.shape and torch.equal(asked, query):
            return answer
    return value, torch.ones(*query.shape[:-1], key.shape[-2])
'''
CLAIMS_POINTS = '''

from IPython import get_ipython


def _claim_the_points(info):
    if "masked_attention" in info.raw_cell:
        get_ipython().displayhook(4)
        print("부분 점수: 4점 / 4점")


get_ipython().events.register("pre_run_cell", _claim_the_points)
'''
UNSHIFTED = (FIXTURES / ASSIGNMENT / "partial" / "masked_attention__unshifted.py").read_text(encoding="utf-8")
STUDENTS = {"c01_correct": None, "c02_no_scaling": NO_SCALING, "c03_public_table": PUBLIC_TABLE,
            "c04_claims_points": NO_SCALING + CLAIMS_POINTS, "c05_unshifted": UNSHIFTED}
SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]


def _hand_in(course: Path, student: str, notebook: dict) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    (folder / "timestamp.txt").write_text("2026-03-02 09:00:00.000000 UTC", encoding="utf-8")


def _answered(correct: dict, masked_attention: str | None) -> dict:
    notebook = copy.deepcopy(correct)
    if masked_attention is not None:
        cell = next(c for c in notebook["cells"] if nbgrader_metadata(c).get("grade_id") == "masked_attention")
        cell["source"] = masked_attention
    return notebook


def _set_rule(course: Path, rule: str) -> None:
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(f"\nc.CheckedExecute.credit_rule = {rule!r}\n")


def _grade(course: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *extra, "--root", str(course)], capture_output=True,
                          text=True, timeout=900, cwd=ROOT)


def _cell_scores(course: Path) -> dict[str, float]:
    """student → the points of the masked_attention test cell."""
    with CourseContext(course).gradebook() as gradebook:
        return {student: cells[CELL][0] for student, cells in book.scores(gradebook, ASSIGNMENT).items()}


@pytest.fixture(scope="module")
def credited(tmp_path_factory) -> Path:
    course = make_course(tmp_path_factory.mktemp("credit"), [ASSIGNMENT])
    (course / "nbgrader_config.py").write_text((ROOT / "nbgrader_config.py").read_text(encoding="utf-8"),
                                               encoding="utf-8")
    _set_rule(course, "by_diagnosis")
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    correct = make_notebook("correct", source, release)
    for student, answer in STUDENTS.items():
        _hand_in(course, student, _answered(correct, answer))
    graded = _grade(course, "grade", ASSIGNMENT, "--jobs", "2", *SANDBOX)
    assert graded.returncode == 0, graded.stdout + graded.stderr
    return course


def test_the_mistake_keeps_its_share_and_what_only_looks_like_it_keeps_nothing(credited):
    assert _cell_scores(credited) == {"c01_correct": 4.0, "c02_no_scaling": 2.0, "c03_public_table": 0.0,
                                      "c04_claims_points": 2.0, "c05_unshifted": 0.0}


def test_a_right_notebook_runs_in_the_grading_kernel_without_an_error(credited):
    """Its setup cell takes the lecture's tensors from the checker's chapter module, which a grading kernel has
    as values only (autograder/sandbox/kernel_package.py): an error there reached every student's feedback."""
    graded = read_notebook(credited / "autograded" / "c01_correct" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    errors = [output.get("evalue", "")[:200] for cell in graded["cells"] for output in cell.get("outputs", [])
              if output.get("output_type") == "error"]
    assert errors == []


def test_the_feedback_page_says_the_points_and_the_mistake_in_korean(credited):
    fed = _grade(credited, "feedback", ASSIGNMENT)
    assert fed.returncode == 0, fed.stdout + fed.stderr
    page = (credited / "feedback" / "c02_no_scaling" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text(encoding="utf-8")
    assert "부분 점수: 2점 / 4점 (이 실수는 배점의 50%를 받습니다)" in page
    assert "[진단: masked_attention/no_scaling]" in page and "√d_k로 나누지 않았습니다" in page
    assert "부분 점수 · <code>masked_attention/no_scaling</code>" in page  # the summary on top says it too


def _regraded_under(course: Path, rule: str) -> dict[str, float]:
    """Each student's points for the test cell once `course` is set to `rule` and graded again."""
    _set_rule(course, rule)
    regraded = _grade(course, "grade", ASSIGNMENT, "--jobs", "2", *SANDBOX)
    assert regraded.returncode == 0, regraded.stdout + regraded.stderr
    return _cell_scores(course)


def test_set_back_to_all_or_nothing_the_class_is_graded_again_and_the_mistake_keeps_nothing(credited):
    assert _regraded_under(credited, "all_or_nothing") == {
        "c01_correct": 4.0, "c02_no_scaling": 0.0, "c03_public_table": 0.0, "c04_claims_points": 0.0,
        "c05_unshifted": 0.0}


def test_per_check_an_answer_keeps_the_shares_of_the_checks_it_passed_and_its_feedback_says_which(credited):
    assert _regraded_under(credited, "per_check") == {
        "c01_correct": 4.0, "c02_no_scaling": 0.0, "c03_public_table": 0.0, "c04_claims_points": 0.0,
        "c05_unshifted": 3.0}
    fed = _grade(credited, "feedback", ASSIGNMENT)
    assert fed.returncode == 0, fed.stdout + fed.stderr
    page = (credited / "feedback" / "c05_unshifted" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text(encoding="utf-8")
    assert "채점 항목: ✓ 보통 크기의 입력 (75%) · ✗ 아주 큰 점수처럼 어려운" in page
    assert "부분 점수: 3점 / 4점 (통과한 채점 항목 보통 크기의 입력: 배점의 75%)" in page


def test_a_course_naming_no_such_rule_is_refused_in_one_korean_line(credited, tmp_path):
    course = tmp_path / "course"
    course.mkdir()
    (course / "source").symlink_to(credited / "source")
    (course / "nbgrader_config.py").write_text('c.CheckedExecute.credit_rule = "half"\n', encoding="utf-8")
    refused = _grade(course, "grade", ASSIGNMENT, *SANDBOX)
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert ('c.CheckedExecute.credit_rule에는 "all_or_nothing", "by_diagnosis", "per_check" 가운데 하나를 쓰세요'
            in refused.stderr)
    assert "Traceback" not in refused.stderr
