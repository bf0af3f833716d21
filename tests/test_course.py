"""The course as a whole: release/ is what nbgrader generates from source/, notebooks are clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from course_testing import COURSE, run_assignment

from autograder.course.context import ROOT
from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.release import generate_release
from helpers.grading.core import assignments

SHARED_TOOLS = ROOT.parent / "shared" / "tools"
REGISTERED = list(assignments())


def test_every_source_assignment_is_a_registered_chapter_and_back():
    assert COURSE.assignments() == REGISTERED


@pytest.mark.slow
@pytest.mark.parametrize("assignment", REGISTERED)
def test_release_is_exactly_what_nbgrader_generates_from_source(assignment, tmp_path):
    generate_release(COURSE, [assignment], output=tmp_path)
    generated = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file())
    committed = sorted(path.relative_to(ROOT / "release") for path in (ROOT / "release" / assignment).rglob("*")
                       if path.is_file())
    assert generated == committed, "release/ 와 source/ 가 다릅니다: `python course.py release` 로 다시 만드세요"
    for relative in generated:
        assert (tmp_path / relative).read_bytes() == (ROOT / "release" / relative).read_bytes(), (
            f"release/{relative} 가 source/ 에서 만든 것과 다릅니다: `python course.py release` 로 다시 만드세요")


def _nbgrader_cells(assignment: str, key: str) -> list[dict]:
    return [cell for cell in read_notebook(COURSE.source_notebook(assignment))["cells"]
            if nbgrader_metadata(cell).get(key)]


@pytest.mark.parametrize("assignment", REGISTERED)
def test_each_exercise_has_one_solution_cell_then_one_locked_test_cell(assignment):
    solutions = [cell["metadata"]["nbgrader"]["grade_id"] for cell in _nbgrader_cells(assignment, "solution")]
    tests = {cell["metadata"]["nbgrader"]["grade_id"]: cell for cell in _nbgrader_cells(assignment, "grade")}
    assert sorted(tests) == sorted(f"test_{name}" for name in solutions)
    for name in solutions:
        cell = tests[f"test_{name}"]
        assert cell["metadata"]["nbgrader"]["locked"] is True
        body = cell_source(cell)
        assert f'check_example("{name}", {name})' in body
        hidden_call = f"importlib.reload(helpers.grading).check_{name}({name})"
        assert body.index("### BEGIN HIDDEN TESTS") < body.index(hidden_call)


@pytest.mark.parametrize("assignment", REGISTERED)
def test_test_cells_of_an_assignment_total_ten_points(assignment):
    assert sum(cell["metadata"]["nbgrader"]["points"] for cell in _nbgrader_cells(assignment, "grade")) == 10


@pytest.mark.parametrize("assignment", REGISTERED)
def test_source_solutions_earn_every_point(assignment):
    failed = {grade_id: result.message for grade_id, result in run_assignment(assignment).items()
              if not result.passed}
    assert not failed


@pytest.mark.parametrize("assignment", REGISTERED)
def test_unfilled_release_passes_no_graded_test(assignment):
    results = run_assignment(assignment, release=True)
    assert results and all(result.points == 0 for result in results.values())
    for grade_id, result in results.items():
        assert f"[진단: {grade_id.removeprefix('test_')}/not_implemented]" in result.message


@pytest.mark.slow
@pytest.mark.parametrize("assignment", REGISTERED)
def test_source_validates_with_nbgrader(assignment):
    completed = subprocess.run([sys.executable, "-m", "nbgrader", "validate",
                                str(COURSE.source_notebook(assignment).relative_to(ROOT))],
                               cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Success! Your notebook passes all the tests." in completed.stdout + completed.stderr


@pytest.mark.parametrize("assignment", REGISTERED)
def test_student_version_keeps_no_solution_and_no_hidden_test(assignment):
    text = COURSE.release_notebook(assignment).read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
    assert "# 여기에 코드를 작성하세요" in text


@pytest.mark.skipif(not SHARED_TOOLS.exists(), reason="the shared course tools are not beside this clone")
@pytest.mark.parametrize("tool", ["nbcheck.py", "seedcopy.py"])
def test_shared_course_checks_find_nothing(tool):
    completed = subprocess.run([sys.executable, str(SHARED_TOOLS / tool), str(ROOT)], capture_output=True,
                               text=True, timeout=120)
    assert completed.returncode == 0, completed.stdout[-3000:]


def test_no_notebook_keeps_an_absolute_path_or_foreign_metadata():
    for path in sorted(Path(ROOT).glob("notebooks/*.ipynb")) + sorted(Path(ROOT).glob("source/*/*.ipynb")):
        notebook = read_notebook(path)
        assert set(notebook["metadata"]) <= {"kernelspec", "language_info"}, path
        text = path.read_text(encoding="utf-8")
        assert "/work/" not in text and "/home/" not in text and "C:\\Users" not in text, path
