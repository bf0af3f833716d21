"""`python course.py check`: the course's Validate on the command line (helpers/validation.py). Its exit status
says whether every test passed, and the first thing it prints is the Korean result."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from course_testing import source_solutions, write_student_notebook

from autograder.course.context import ROOT
from helpers.validation import FailedCell, Validation, overall

ASSIGNMENT = "ch01_handmade_qkv"
RELEASE = ROOT / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
WRONG_DOT_SCORES = "def dot_scores(Q, K):\n    return Q @ K\n"
HANGUL = re.compile(r"[가-힣]")
NBGRADER_ENGLISH = ("root '.' is not absolute", "without encryption", "VALIDATION FAILED", "The following cell")
# a cell that writes to the kernel process's own stderr, below Python's (where a C library such as libzmq writes)
PAST_PYTHON = "import os, sys\nos.write(sys.stderr.fileno(), '{} 노트북의 커널이 파이썬 밖에 쓴 줄\\n'.encode())\n"


def _check(*notebooks: Path) -> subprocess.CompletedProcess:
    """`course.py check` as a student runs it: without pytest's variable, which stops ipykernel watching the
    kernel's own stdout and stderr."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTEST_CURRENT_TEST"}
    return subprocess.run([sys.executable, str(ROOT / "course.py"), "check", *map(str, notebooks)],
                          capture_output=True, text=True, timeout=600, env=environment)


def _first_line(checked: subprocess.CompletedProcess) -> str:
    return (checked.stderr + checked.stdout).strip().splitlines()[0]


@pytest.mark.slow
def test_check_exits_1_with_the_korean_result_first_when_a_test_fails(tmp_path):
    wrong = write_student_notebook(RELEASE, {**source_solutions(ASSIGNMENT), "dot_scores": WRONG_DOT_SCORES}, tmp_path)
    checked = _check(wrong)
    assert checked.returncode == 1, checked.stdout[-2000:]
    assert _first_line(checked) == f"{wrong.name}: 테스트 셀 5 개 중 3 개 통과, 2 개 실패.", checked.stderr[-2000:]
    assert not [text for text in NBGRADER_ENGLISH if text in checked.stdout + checked.stderr]
    assert "[진단: dot_scores/no_transpose]" in checked.stdout and "[진단: self_attention/wrong_part]" in checked.stdout
    assert "채점 항목: ✗ 2차원 입력 (50%) · ✗ 앞에 배치 축이 붙은 입력 (50%)" in checked.stdout  # on the public draw
    last = checked.stdout.strip().splitlines()[-1]
    assert last.startswith("요약: 노트북 1 개 중 0 개 통과, 테스트 셀 5 개 중 3 개 통과"), last


@pytest.mark.slow
def test_check_exits_0_when_every_test_passes(tmp_path):
    right = write_student_notebook(RELEASE, source_solutions(ASSIGNMENT), tmp_path)
    checked = _check(right)
    assert checked.returncode == 0, checked.stdout[-2000:]
    assert _first_line(checked) == f"{right.name}: 통과 — 테스트 셀 5 개 모두 통과했습니다.", checked.stderr[-2000:]
    assert checked.stdout.strip().splitlines()[-1] == (
        "요약: 노트북 1 개 중 1 개 통과, 테스트 셀 5 개 중 5 개 통과 — 모두 통과했습니다.")


@pytest.mark.slow
def test_what_a_kernel_writes_past_python_comes_after_a_failing_result_and_not_at_all_after_a_passing_one(tmp_path):
    solutions = source_solutions(ASSIGNMENT)
    (tmp_path / "wrong").mkdir()
    (tmp_path / "right").mkdir()
    wrong = write_student_notebook(RELEASE, {**solutions, "dot_scores": PAST_PYTHON.format("틀린") + WRONG_DOT_SCORES},
                                   tmp_path / "wrong")
    right = write_student_notebook(RELEASE, {**solutions, "dot_scores": PAST_PYTHON.format("맞는")
                                             + solutions["dot_scores"]}, tmp_path / "right")
    checked = _check(wrong, right)
    assert checked.returncode == 1, checked.stdout[-2000:]
    assert checked.stderr == ""
    lines = checked.stdout.strip().splitlines()
    assert lines[0] == f"{wrong.name}: 테스트 셀 5 개 중 3 개 통과, 2 개 실패.", lines[:3]
    shown = [number for number, line in enumerate(lines) if "노트북의 커널이 파이썬 밖에 쓴 줄" in line]
    assert [lines[number].strip() for number in shown] == ["틀린 노트북의 커널이 파이썬 밖에 쓴 줄"], checked.stdout
    assert shown[0] < lines.index(f"{right.name}: 통과 — 테스트 셀 5 개 모두 통과했습니다.")
    assert lines[-1].startswith("요약: 노트북 2 개 중 1 개 통과, 테스트 셀 10 개 중 8 개 통과"), lines[-1]


def test_check_exits_2_and_says_so_in_korean_when_a_notebook_is_missing(tmp_path):
    checked = _check(tmp_path / "없는.ipynb")
    assert checked.returncode == 2
    assert HANGUL.search(_first_line(checked)) and "없는.ipynb" in checked.stderr


def test_a_notebook_with_a_changed_test_cell_does_not_pass():
    changed = Validation(Path("a.ipynb"), tests=5, changed=["assert True"])
    assert not changed.ok and changed.passed == 0


def test_the_summary_counts_notebooks_and_test_cells_over_all_notebooks():
    right = Validation(Path("a.ipynb"), tests=3)
    wrong = Validation(Path("b.ipynb"), tests=2, failed=[FailedCell("check(f)", "[진단: …]")])
    assert overall([right, wrong]) == (
        "요약: 노트북 2 개 중 1 개 통과, 테스트 셀 5 개 중 4 개 통과 — 아직 통과하지 못한 테스트가 있습니다.")
