"""The grading kernel holds no answer key, and "built from the parts" is decided by what runs (issue 41).

One class of ch01, graded by course-grader with the sandbox real. The "parts as None" student writes every
function as ``return None`` and scores nothing. Each hostile student writes the same, plus one way of reaching
the course's reference from inside the kernel (each of the five ways that scored 10/10 before), or, for the
composite, names its four parts without using them. Each must score what the None student scores. The honest
student keeps full marks (the composite runs with the course's parts, computed outside the kernel), and a
student who imports the reference plainly reads the Korean line that it is the answer key.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from course_testing import sandbox_or_skip
from sample_class.build import make_course, make_notebook
from test_verdict_forgery import (
    ASSIGNMENT,
    EXERCISES,
    _append,
    _cell_scores,
    _course_grader,
    _hand_in,
    _points,
    _solution_cell,
)

from autograder.course.notebook import read_notebook

pytestmark = pytest.mark.slow

SIGNATURES = {"dot_scores": "Q, K", "scale_scores": "scores, d_k", "row_softmax": "scores",
              "mix_values": "weights, V", "self_attention": "Q, K, V"}
KEY = 'importlib.import_module("helpers." + "reference")'  # no line of the notebook names helpers.reference
NAMES = repr(EXERCISES)
ANSWER_KEY_LINE = "정답(기준 구현)이라 채점하는 커널에서는 쓸 수 없습니다"

THROUGH_STUDENT_MODULE = "reference_through_helpers_grading_student"
POST_RUN_CELL_HOOK = "post_run_cell_hook_rebinds_the_reference"
AGENT_REPLACED = "agent_answer_replaced_by_the_reference"
CAPTURED_IMPORT = "reference_imported_in_a_capture_cell"
DECORATOR_CLASS = "decorator_class_swaps_in_the_reference"
NAMES_ONLY = "composite_names_its_parts_without_using_them"
NONE_PARTS = "parts_as_none"
HONEST = "honest"
PLAIN_IMPORT = "reference_imported_plainly"

HOOK = f"""import importlib


def _key_back(result=None):
    key, names = {KEY}, get_ipython().user_ns
    for name in {NAMES}:
        names[name] = getattr(key, name)


get_ipython().events.register("post_run_cell", _key_back)
"""
AGENT = f"""import importlib

import helpers.grading.agent as _agent

_answer = _agent.answer


def _answer_with_the_key(request, namespace=None, *rest):
    key, names = {KEY}, dict(get_ipython().user_ns)
    names.update({{name: getattr(key, name) for name in {NAMES}}})
    return _answer(request, names, *rest)


_agent.answer = _answer_with_the_key
"""
DECORATOR = f"""import importlib


class _course:
    def __init__(self, function):
        self.function = getattr({KEY}, function.__name__)

    def __call__(self, *args, **kwargs):
        return self.function(*args, **kwargs)
"""
NAMED_NOT_USED = """def self_attention(Q, K, V):
    (dot_scores, scale_scores, row_softmax, mix_values)
    scores = Q @ K.transpose(-2, -1) / Q.shape[-1] ** 0.5
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    weights = exps / exps.sum(dim=-1, keepdim=True)
    return weights @ V, weights
"""


def _defs(body: str = "return None", decorator: str = "") -> dict[str, str]:
    """name → a solution cell defining it with `body` (`{name}` and `{args}` filled in)."""
    return {name: f"{decorator}def {name}({args}):\n    " + body.format(name=name, args=args) + "\n"
            for name, args in SIGNATURES.items()}


def _with_solutions(release: dict, solutions: dict[str, str]) -> dict:
    notebook = copy.deepcopy(release)
    for name, code in solutions.items():
        _solution_cell(notebook, name)["source"] = code
    return notebook


def _captured_imports(notebook: dict) -> dict:
    """After each solution cell, a %%capture cell that imports the reference's function of that name."""
    for name in EXERCISES:
        cells = notebook["cells"]
        index = cells.index(_solution_cell(notebook, name))
        cells.insert(index + 1, {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                 "source": f"%%capture\nfrom helpers.reference import {name}\n"})
    return notebook


def _hostile(release: dict) -> dict[str, dict]:
    none = _defs()
    notebooks = {
        NONE_PARTS: _with_solutions(release, none),
        THROUGH_STUDENT_MODULE: _with_solutions(release, _defs(
            'return __import__("helpers.grading.student", fromlist=["reference"]).reference.{name}({args})')),
        POST_RUN_CELL_HOOK: _with_solutions(release, none),
        AGENT_REPLACED: _with_solutions(release, none),
        CAPTURED_IMPORT: _captured_imports(_with_solutions(release, none)),
        DECORATOR_CLASS: _with_solutions(release, _defs(decorator="@_course\n")),
        NAMES_ONLY: _with_solutions(release, {**none, "self_attention": NAMED_NOT_USED}),
        PLAIN_IMPORT: _with_solutions(release, {**none, "dot_scores": "from helpers.reference import dot_scores\n"}),
    }
    for student, code in ((POST_RUN_CELL_HOOK, HOOK), (AGENT_REPLACED, AGENT)):
        _append(notebooks[student], EXERCISES[0], code)
    cell = _solution_cell(notebooks[DECORATOR_CLASS], EXERCISES[0])
    cell["source"] = DECORATOR + "\n\n" + cell["source"]
    return notebooks


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """(course, grade's output, points by test cell, scores by student)."""
    sandbox_or_skip()
    course = make_course(tmp_path_factory.mktemp("answer-key"), [ASSIGNMENT])
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    _hand_in(course, HONEST, make_notebook("correct", source, release))
    for student, notebook in _hostile(release).items():
        _hand_in(course, student, notebook)
    grading = _course_grader("grade", ASSIGNMENT, "--root", str(course), "--timeout", "30", "--jobs", "2")
    return course, grading, _points(course), _cell_scores(course)


def _scores_what_the_none_student_scores(graded, student: str) -> None:
    _, grading, points, scores = graded
    assert scores.get(NONE_PARTS) == dict.fromkeys(points, 0.0), grading.stdout + grading.stderr
    assert scores.get(student) == scores[NONE_PARTS], f"{student}: {scores.get(student)}\n{grading.stdout}"


def test_the_honest_student_keeps_full_marks_with_the_course_parts_computed_outside_the_kernel(graded):
    _, grading, points, scores = graded
    assert scores.get(HONEST) == points, grading.stdout + grading.stderr


def test_the_reference_reached_through_helpers_grading_student_scores_nothing(graded):
    _scores_what_the_none_student_scores(graded, THROUGH_STUDENT_MODULE)


def test_a_post_run_cell_hook_rebinding_the_names_to_the_reference_scores_nothing(graded):
    _scores_what_the_none_student_scores(graded, POST_RUN_CELL_HOOK)


def test_the_checkers_agent_replaced_to_answer_with_the_reference_scores_nothing(graded):
    _scores_what_the_none_student_scores(graded, AGENT_REPLACED)


def test_the_parts_imported_from_the_reference_in_a_capture_cell_score_nothing(graded):
    _scores_what_the_none_student_scores(graded, CAPTURED_IMPORT)


def test_a_decorator_class_swapping_each_def_for_the_reference_scores_nothing(graded):
    _scores_what_the_none_student_scores(graded, DECORATOR_CLASS)


def test_a_composite_that_only_names_its_parts_is_not_built_from_them(graded):
    _scores_what_the_none_student_scores(graded, NAMES_ONLY)


def test_a_student_importing_the_reference_reads_that_it_is_the_answer_key(graded):
    course = graded[0]
    autograded = Path(course / "autograded" / PLAIN_IMPORT / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    assert ANSWER_KEY_LINE in autograded.read_text(encoding="utf-8")
