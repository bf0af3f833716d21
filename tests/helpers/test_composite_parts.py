"""A composite's visible test says which part to fix when a part it calls is wrong, for every composite exercise
of the course: an exercise whose reference solution (source/) calls an earlier exercise of its chapter."""

from __future__ import annotations

import ast

import pytest
from course_testing import COURSE, run_assignment, source_solutions

from autograder.course.notebook import cell_source, grade_id, read_notebook
from helpers.grading.core import assignments
from helpers.korean import Particle, attach


def _composites() -> list[tuple[str, str, str, int]]:
    """(assignment, composite, part, the part's problem number) for every part each composite calls."""
    found = []
    for assignment, names in assignments().items():
        solutions = source_solutions(assignment)
        for position, name in enumerate(names):
            called = {node.id for node in ast.walk(ast.parse(solutions[name])) if isinstance(node, ast.Name)}
            found += [(assignment, name, part, number) for number, part in enumerate(names[:position], start=1)
                      if part in called]
    return found


def _release_stub(assignment: str, part: str) -> str:
    """The part's solution cell as the student receives it: `raise NotImplementedError()`."""
    return next(cell_source(cell) for cell in read_notebook(COURSE.release_notebook(assignment))["cells"]
                if grade_id(cell) == part)


def test_the_course_has_composites_in_more_than_one_chapter():
    assert len({assignment for assignment, *_ in _composites()}) >= 3


@pytest.mark.parametrize(("assignment", "composite", "part", "number"), _composites(),
                         ids=[f"{composite}-{part}" for _, composite, part, _ in _composites()])
def test_a_composites_visible_test_names_the_unwritten_part_instead_of_the_raw_error(assignment, composite, part,
                                                                                     number):
    results = run_assignment(assignment, {**source_solutions(assignment), part: _release_stub(assignment, part)},
                             only={f"test_{composite}"})
    message = results[f"test_{composite}"].message
    said = f"[진단: {composite}/wrong_part] {composite}: 문제 {number}의 {attach(part, Particle.SUBJECT)} 틀려서"
    assert said in message, message
    assert f"[부품: {composite} → {part}/not_implemented]" in message
    assert "Traceback" not in message


def test_problem_5_of_chapter_1_names_problem_1_when_its_scores_are_not_transposed():
    """The case of the issue: with dot_scores wrong, self_attention's cell raised a shape error from torch."""
    wrong = "def dot_scores(Q, K):\n    return Q @ K\n"
    results = run_assignment("ch01_handmade_qkv", {**source_solutions("ch01_handmade_qkv"), "dot_scores": wrong},
                             only={"test_self_attention"})
    message = results["test_self_attention"].message
    assert ("self_attention: 문제 1의 dot_scores가 틀려서, 학생이 쓴 부품으로는 강의 예시에서 "
            "self_attention이 오류를 냅니다 (RuntimeError: mat1 and mat2 shapes cannot be multiplied") in message
    assert "[부품: self_attention → dot_scores/no_transpose]" in message
