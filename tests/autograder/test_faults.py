"""Faults injected into a real class lose nothing: a small class of ch01 (four submissions, sandboxed where a sandbox
can be made) is hurt in the middle of `grade` or `feedback`, recovered as README says (the same command again),
and must end with exactly the clean run's scores, autograded notebooks, feedback pages and status file.

One clean run is shared by the module; each fault starts from a copy of the class, ungraded or graded. Three faults
did not hold before issue #47: a damaged status file, a kill between the gradebook merge and the status file's save,
and feedback/ on a filesystem of its own.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import psutil
import pytest
from course_testing import wait_for
from filesystems import tmpfs
from postgres_server import PostgresServer, Unavailable
from sample_class.build import add_class, make_course

from autograder.course import gradebook as book
from autograder.course.context import CourseContext
from autograder.course.state import status_file, status_path
from autograder.sandbox import policy as sandbox
from helpers.paths import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform != "linux", reason="Linux signals and mounts")]

ASSIGNMENT = "ch01_handmade_qkv"
STUDENTS = ["s01_correct", "s02_partly", "s03_unfilled", "s10_tamper"]  # right, wrong, empty, tampering
SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]
root_only = pytest.mark.skipif(os.geteuid() != 0, reason="mounts a tmpfs (root)")


def command(course: Path, step: str, *extra: str) -> list[str]:
    """`course-grader <step> ch01` on `course` (grade: two workers, the sandbox where one can be made)."""
    more = ["--jobs", "2", *SANDBOX] if step == "grade" else []
    return [sys.executable, "-m", "autograder", step, ASSIGNMENT, "--root", str(course), *more, *extra]


def run(course: Path, step: str, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(command(course, step, *extra), capture_output=True, text=True, timeout=600, cwd=ROOT)


def start(course: Path, step: str = "grade", *extra: str) -> subprocess.Popen:
    return subprocess.Popen(command(course, step, *extra), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


# ---------------------------------------------------------------- what a run ends with
def _without_timing(notebook: dict) -> dict:
    """An autograded notebook without what differs between two gradings of the same submission: the kernel's
    timestamps and the random id of a test cell nbgrader put back."""
    for cell in notebook.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)
        cell.pop("id", None)
    return notebook


def _page(text: str) -> str:
    return re.sub(r'id="cell-id=[0-9a-f-]+"', 'id="cell-id"', text)


def outcome(course: Path) -> dict:
    """Scores, autograded/, the feedback pages and the status file of `course`, comparable with another course's."""
    with CourseContext(course).gradebook() as gradebook:
        scores = {student: sum(score for score, _ in cells.values())
                  for student, cells in book.scores(gradebook, ASSIGNMENT).items()}
    autograded = {str(path.relative_to(course)): (_without_timing(json.loads(path.read_text(encoding="utf-8")))
                                                 if path.suffix == ".ipynb" else path.read_text(encoding="utf-8"))
                  for student in STUDENTS for path in sorted((course / "autograded" / student).rglob("*"))
                  if path.is_file()}
    pages = {str(path.relative_to(course)): _page(path.read_text(encoding="utf-8"))
             for path in sorted((course / "feedback").rglob("*")) if path.is_file()}
    return {"scores": scores, "autograded": autograded, "feedback": pages,
            "status": status_file(CourseContext(course), ASSIGNMENT)}


def recover(course: Path) -> subprocess.CompletedProcess:
    """README's recovery: grade again, then feedback; both must end well. Returns grade's run."""
    graded = run(course, "grade")
    assert graded.returncode == 0, graded.stdout + graded.stderr
    fed = run(course, "feedback")
    assert fed.returncode == 0, fed.stdout + fed.stderr
    return graded


def assert_same(course: Path, clean: dict) -> None:
    got = outcome(course)
    for part in ("scores", "status", "autograded", "feedback"):
        assert got[part] == clean[part], part


# ---------------------------------------------------------------- the class, before and after a clean run
@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """The class submitted, not graded yet."""
    course = make_course(tmp_path_factory.mktemp("pristine"), [ASSIGNMENT])
    add_class(course, [ASSIGNMENT], students=STUDENTS)
    return course


@pytest.fixture(scope="module")
def clean(pristine, tmp_path_factory) -> tuple[Path, dict]:
    """The class graded and fed back without a fault; its course folder and outcome."""
    course = copy_of(pristine, tmp_path_factory.mktemp("clean"))
    graded = run(course, "grade")
    assert graded.returncode == 0, graded.stdout + graded.stderr
    fed = run(course, "feedback")
    assert fed.returncode == 0, fed.stdout + fed.stderr
    result = outcome(course)
    assert sorted(result["scores"]) == STUDENTS and len(result["feedback"]) == 2 * len(STUDENTS)
    assert all("자동 채점 결과" in page for name, page in result["feedback"].items() if name.endswith(".html"))
    return course, result


def copy_of(course: Path, folder: Path) -> Path:
    target = Path(folder) / "course"
    shutil.copytree(course, target, symlinks=True)
    return target


# ---------------------------------------------------------------- watching and stopping a run
def merged(course: Path) -> int:
    """How many students the status file says are graded."""
    try:
        entries = json.loads(status_path(CourseContext(course), ASSIGNMENT).read_text(encoding="utf-8"))["students"]
    except (OSError, ValueError, KeyError):
        return 0
    return sum(entry.get("outcome") == "graded" for entry in entries.values())


def _alive(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def stop(running: subprocess.Popen, signum: int) -> tuple[str, str]:
    """Send `signum` to the run, wait for it and for every process it started to end; its output."""
    try:
        helpers = psutil.Process(running.pid).children(recursive=True)
    except psutil.Error:
        helpers = []
    running.send_signal(signum)
    out, err = running.communicate(timeout=180)
    wait_for(lambda: not any(_alive(p) for p in helpers), "the run's workers and kernels to end", timeout=60)
    return out, err


# ---------------------------------------------------------------- faults that did not hold before issue #47
def test_a_damaged_status_file_is_reported_and_running_grade_again_rebuilds_it(clean, tmp_path):
    course = copy_of(clean[0], tmp_path)
    path = status_path(CourseContext(course), ASSIGNMENT)
    path.write_bytes(path.read_bytes()[:200])  # cut short between two runs
    graded = recover(course)
    damage = [line for line in graded.stderr.splitlines() if str(path) in line]
    assert len(damage) == 1 and "망가졌습니다" in damage[0], graded.stderr
    assert graded.stdout.count("  채점  ") == len(STUDENTS), graded.stdout  # graded again, not "변경 없음"
    assert (path.parent / f"{path.name}.damaged").is_file()
    assert_same(course, clean[1])


KILLED_AFTER_MERGE = """
import os, signal, sys
from autograder import cli
from autograder.grading import record
record.save_status = lambda *args: os.kill(os.getpid(), signal.SIGKILL)  # merged, killed before the save
sys.exit(cli.main(sys.argv[1:]))
"""


def test_a_kill_between_the_merge_and_the_status_save_loses_nothing(clean, pristine, tmp_path):
    course = copy_of(pristine, tmp_path)
    killed = subprocess.run([sys.executable, "-c", KILLED_AFTER_MERGE, *command(course, "grade")[3:]],
                            capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert killed.returncode == -signal.SIGKILL, killed.stdout + killed.stderr
    with CourseContext(course).gradebook() as gradebook:
        assert len(book.merged_fingerprints(gradebook, ASSIGNMENT)) == 1  # merged, and not in the status file
    recover(course)
    assert_same(course, clean[1])


@root_only
def test_feedback_is_placed_on_a_filesystem_of_its_own(clean, tmp_path):
    course = copy_of(clean[0], tmp_path)
    shutil.rmtree(course / "feedback")
    with tmpfs(course / "feedback", size="32m"):
        fed = run(course, "feedback")
        assert fed.returncode == 0, fed.stdout + fed.stderr
        assert_same(course, clean[1])


# ---------------------------------------------------------------- faults that held before, and must go on holding
@pytest.mark.parametrize("fraction", [0.3, 0.7])
def test_a_grade_killed_part_way_is_finished_by_running_it_again(clean, pristine, tmp_path, fraction):
    course = copy_of(pristine, tmp_path)
    running = start(course)
    wait_for(lambda: merged(course) >= math.ceil(fraction * len(STUDENTS)) or running.poll() is not None,
             f"{fraction:.0%} of the class merged")
    stop(running, signal.SIGKILL)
    recover(course)
    assert_same(course, clean[1])


def _workers(running: subprocess.Popen) -> list[psutil.Process]:
    """The run's grading workers: its children forked from it (same command line)."""
    parent = psutil.Process(running.pid)
    return [child for child in parent.children() if child.cmdline() == parent.cmdline()]


def test_a_worker_killed_mid_submission_costs_one_more_run(clean, pristine, tmp_path):
    course = copy_of(pristine, tmp_path)
    running = start(course)
    wait_for(lambda: merged(course) >= 1 and len(_workers(running)) == 2, "a first merged student")
    _workers(running)[0].kill()
    out, err = running.communicate(timeout=600)
    assert running.returncode in {0, 1}, out + err  # the worker's submission failed, or was graded again in time
    recover(course)
    assert_same(course, clean[1])


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_a_grade_stopped_by_a_signal_exits_128_plus_the_signal_and_resumes(clean, pristine, tmp_path, signum):
    course = copy_of(pristine, tmp_path)
    running = start(course)
    wait_for(lambda: merged(course) >= 2 or running.poll() is not None, "two merged students")
    out, err = stop(running, signum)
    if "중단" in out:  # something was left: listed as 중단, and the exit code says which signal (README)
        assert running.returncode == 128 + signum, out + err
    assert "Traceback" not in err
    recover(course)
    assert_same(course, clean[1])


def test_two_grade_runs_at_once_end_as_one(clean, pristine, tmp_path):
    course = copy_of(pristine, tmp_path)
    first, second = start(course), start(course)
    results = [(process.communicate(timeout=600), process.returncode) for process in (first, second)]
    codes = sorted(code for _, code in results)
    assert codes in ([0, 0], [0, 2]), results
    if codes == [0, 2]:
        assert any("다른 grade 명령" in err for (_, err), code in results if code == 2), results
    recover(course)
    assert_same(course, clean[1])


def test_a_gradebook_server_stopped_mid_grade_and_started_again_loses_nothing(clean, pristine, tmp_path):
    try:
        server = PostgresServer()
    except Unavailable as missing:
        pytest.skip(str(missing))
    try:
        course = copy_of(pristine, tmp_path)
        url = server.create_database("faults")
        with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
            config.write(f"\nc.CourseDirectory.db_url = {url!r}\n")
        running = start(course, "grade", "--jobs", "1")
        wait_for(lambda: merged(course) >= 1, "a first merged student")
        running.send_signal(signal.SIGSTOP)  # held still between two merges while the server goes down
        server.stop(immediate=True)
        running.send_signal(signal.SIGCONT)
        out, err = running.communicate(timeout=600)
        assert running.returncode == 2 and "Traceback" not in out + err, out + err
        server.start()
        recover(course)
        assert_same(course, clean[1])
    finally:
        server.close()


@root_only
def test_a_disk_that_fills_while_feedback_is_written_loses_no_page_once_there_is_room(clean, tmp_path):
    with tmpfs(tmp_path / "disk", size="16m") as disk:
        course = copy_of(clean[0], disk)
        shutil.rmtree(course / "feedback")
        room = shutil.disk_usage(disk).free - 400_000  # two pages or so
        filler = disk / "filler"
        with open(filler, "wb") as handle:
            handle.write(b"\0" * room)
        full = run(course, "feedback")
        assert full.returncode == 1, full.stdout + full.stderr  # after doing every student it could
        failed = [line for line in full.stderr.splitlines() if line.startswith("실패: ")]
        made = {path.parent.parent.name for path in (course / "feedback").glob("*/*/*.html")}
        assert failed and all("No space left on device" in line for line in failed), full.stderr
        assert {line.split(":")[1].strip() for line in failed} == set(STUDENTS) - made, full.stderr
        filler.unlink()  # room again: the same command finishes the class
        fed = run(course, "feedback")
        assert fed.returncode == 0, fed.stdout + fed.stderr
        assert_same(course, clean[1])
