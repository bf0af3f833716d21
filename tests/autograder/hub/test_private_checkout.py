"""The instructor's repository stays private (issue 40, item 3): `hub start` refuses a checkout whose source/
(solutions and hidden tests) or roster a student's account can read, before anything is made, and says what to
change. The port is taken, so a start that went past the check would stop there (and change nothing) instead."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hub_testing import ROOT

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or os.geteuid() != 0,
                                reason="수업 서버는 Linux의 root 로만 띄웁니다")


def _checkout(folder: Path, mode: int) -> Path:
    """A course checkout with this repository's configuration and source/, its top folder `mode`."""
    root = folder / "attention"
    root.mkdir()
    shutil.copy(ROOT / "nbgrader_config.py", root)
    shutil.copytree(ROOT / "source", root / "source")
    (root / "source").chmod(0o755)  # as git makes it in a fresh clone (this checkout's may be closed by now)
    root.chmod(mode)
    return root


def _hub_start(root: Path, roster: Path, home: Path) -> subprocess.CompletedProcess:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        return subprocess.run([sys.executable, "-m", "autograder", "hub", "start", "--root", str(root),
                               "--home", str(home), "--roster", str(roster), "--instructor", "prof",
                               "--ip", "127.0.0.1", "--port", str(busy.getsockname()[1]),
                               "--host", "hub.localhost", "--tls-in-front"],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_hub_start_refuses_a_checkout_whose_solutions_students_can_read(open_folder, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("s1\n", encoding="utf-8")
    root = _checkout(open_folder, 0o755)
    done = _hub_start(root, roster, tmp_path / "home")
    assert done.returncode == 2
    assert f"{root / 'source'}" in done.stderr and f"chmod 700 {root}" in done.stderr, done.stderr
    assert not (tmp_path / "home").exists()


def test_hub_start_refuses_a_roster_students_can_read(open_folder, tmp_path):
    roster = open_folder / "roster.csv"
    roster.write_text("s1\n", encoding="utf-8")
    roster.chmod(0o644)
    private = tmp_path / "private"
    private.mkdir()
    done = _hub_start(_checkout(private, 0o700), roster, tmp_path / "home")
    assert done.returncode == 2
    assert f"chmod 600 {roster}" in done.stderr and "(roster)" in done.stderr, done.stderr
