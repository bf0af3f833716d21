"""The first `python course.py lab` (or check, or test) creates .venv and installs the pinned stack: it says what it
installs, how far along it is (a count over requirements.txt) and how long each step took."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from course_entry import course_module

from autograder.course.context import ROOT

# What pip 24 printed installing two pins with --no-deps --progress-bar off (index warnings left in)
PIP_OUTPUT = """\
Looking in indexes: https://pypi.org/simple, file:///opt/pypi/simple
WARNING: Location 'file:///opt/pypi-more/simple/six/' is ignored: it is neither a file nor a directory.
Collecting six==1.16.0
  Downloading six-1.16.0-py2.py3-none-any.whl (11 kB)
Requirement already satisfied: idna==3.7 in ./.venv/lib/python3.11/site-packages (3.7)
Installing collected packages: six
Successfully installed six-1.16.0
"""
TINY_PROJECT = """\
[build-system]
requires = ["setuptools"]
build-backend = "setuptools.build_meta"

[project]
name = "tiny-course"
version = "0"

[tool.setuptools]
py-modules = []
"""


def test_pip_progress_counts_each_pinned_package_and_names_the_long_install_step():
    progress = course_module().PipProgress(total=2)
    said = [line for line in map(progress.read, PIP_OUTPUT.splitlines()) if line is not None]
    assert said == ["  [1/2] six==1.16.0", "      받는 중 (11 kB)", "  [2/2] idna==3.7",
                    "  받은 패키지 1 개를 설치합니다 (가장 오래 걸리는 단계)…"]


def test_a_step_says_how_long_it_took_in_minutes_and_seconds():
    assert [course_module().duration(seconds) for seconds in (4.4, 60, 185.6)] == ["4초", "1분 0초", "3분 6초"]


@pytest.mark.slow
def test_the_first_run_says_what_it_installs_and_how_long_and_a_pin_dropped_later_leaves(tmp_path):
    """A fresh folder with course.py (and helpers/paths.py, which tells it where it is) and two pins: the first run
    creates .venv and installs them (from the index pip is configured with), in Korean, step by step."""
    shutil.copy(ROOT / "course.py", tmp_path)
    (tmp_path / "helpers").mkdir()
    for name in ("__init__.py", "paths.py"):
        shutil.copy(ROOT / "helpers" / name, tmp_path / "helpers")
    (tmp_path / "requirements.txt").write_text("six==1.16.0\nidna==3.7\n")
    (tmp_path / "pyproject.toml").write_text(TINY_PROJECT)
    (tmp_path / "release").mkdir()
    first = subprocess.run([sys.executable, str(tmp_path / "course.py"), "check"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=900)
    lines = first.stdout.splitlines()
    assert lines[0] == "가상환경 .venv를 만듭니다…" and re.fullmatch(r"  끝났습니다 \(\d+초\)\.", lines[1]), lines
    assert "requirements.txt의 고정된 패키지 2 개를 설치합니다 (처음 한 번, 몇 분 걸립니다)…" in lines
    assert ["  [1/2] six==1.16.0", "  [2/2] idna==3.7"] == [line for line in lines if line.startswith("  [")][:2]
    assert len([line for line in lines if line.startswith("  끝났습니다 (")]) == 3, first.stdout
    # a pin dropped from the lock leaves the environment at the next run (pip install -r only ever adds)
    (tmp_path / "requirements.txt").write_text("six==1.16.0\n")
    again = subprocess.run([sys.executable, str(tmp_path / "course.py"), "check"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=900)
    assert "고정 목록에 없는 패키지 1 개를 지웁니다 (idna)…" in again.stdout.splitlines(), again.stdout
    installed = subprocess.run([str(tmp_path / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
                               capture_output=True, text=True, check=True).stdout.splitlines()
    assert "six==1.16.0" in installed and not any(line.startswith("idna==") for line in installed)
    # pip compiles nothing (the commands compile what they import, into .venv/pycache)
    assert not list((tmp_path / ".venv").glob("lib/python*/site-packages/__pycache__/six.*.pyc"))
