"""grade --scheduler: a class graded on a Dask cluster scores as it does on this machine.

The cluster is real: a Dask scheduler and two worker processes on loopback (distributed's LocalCluster),
which share nothing with the grading command but what Dask carries (no file system is assumed shared:
submissions go out as bytes, autograded folders come back as bytes).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from sample_class.build import add_class, make_course

from autograder.course.context import CourseContext
from autograder.course.state import status_file as load_status
from autograder.sandbox import policy as sandbox
from helpers.paths import ROOT

pytestmark = pytest.mark.slow

ASSIGNMENT = "ch01_handmade_qkv"
STUDENTS = ["s01_correct", "s02_partly", "s03_unfilled", "s11_corrupt"]
SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]


@pytest.fixture(scope="module")
def cluster():
    import dask
    from distributed import LocalCluster

    # as autograder/grading/cluster.py tells an instructor to start workers: allowed child processes
    with dask.config.set({"distributed.worker.daemon": False}), LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as local:
        yield local.scheduler_address


def _grade(course: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--root", str(course),
                           "--timeout", "25", *SANDBOX, *extra], capture_output=True, text=True, timeout=900,
                          cwd=ROOT)


def _scores(course: Path) -> dict[str, float]:
    with CourseContext(course).gradebook() as gradebook:
        return {s.student_id: s.score for s in gradebook.find_assignment(ASSIGNMENT).submissions}


def test_a_class_graded_on_a_dask_cluster_scores_as_a_local_run(tmp_path, cluster):
    here, there = (make_course(tmp_path / name, [ASSIGNMENT]) for name in ("here", "there"))
    expected = add_class(here, [ASSIGNMENT], students=STUDENTS)
    add_class(there, [ASSIGNMENT], students=STUDENTS)
    local = _grade(here, "--jobs", "2")
    remote = _grade(there, "--scheduler", cluster)
    assert local.returncode == remote.returncode == 1, remote.stdout + remote.stderr  # the corrupt one fails
    assert _scores(there) == _scores(here)
    assert _scores(there)["s01_correct"] == expected[("s01_correct", ASSIGNMENT)].score
    status = load_status(CourseContext(there), ASSIGNMENT)
    assert status["s11_corrupt"]["outcome"] == "failed" and "손상" in status["s11_corrupt"]["reason"]
    for student in ("s01_correct", "s02_partly", "s03_unfilled"):
        graded = there / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        assert graded.is_file(), student  # the autograded folder came back through Dask
    again = _grade(there, "--scheduler", cluster)
    assert "변경 없음" in again.stdout  # fingerprints: nothing is graded twice
    assert _scores(there) == _scores(here)
