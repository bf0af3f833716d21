"""What the red teams of the sandbox share: a class of submissions written into a test course, graded by
``course-grader grade`` in the real sandbox, and what is left of it afterwards.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from course_testing import sandbox_or_skip
from sample_class.build import make_notebook

from autograder.course.context import CourseContext
from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.sandbox import policy as sandbox
from autograder.sandbox import template_handle
from helpers.paths import ROOT

ASSIGNMENT = "ch01_handmade_qkv"
SECRET = "instructor-secret-7f3a9c"  # exported to the grading command's environment


def write_submission(course: Path, student: str, notebook: dict) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")


def prepend_to_first_solution(notebook: dict, code: str) -> None:
    """Put `code` in front of the notebook's first solution cell."""
    first = next(cell for cell in notebook["cells"] if nbgrader_metadata(cell).get("solution"))
    first["source"] = code + "\n\n" + cell_source(first)


def sandbox_mechanism_or_skip(mechanism: str) -> None:
    """Skip where this way of starting sandboxed kernels cannot be used here (under CI=true: fail instead)."""
    sandbox_or_skip()
    if mechanism == "template" and not template_handle.available():
        pytest.skip("kernels are forked from the template only as root on Linux")


def graded_notebook(course: Path, kind: str, code: str = "") -> dict:
    """A submission of `kind` (sample_class.build.make_notebook's kinds) with `code` before its first answer."""
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    notebook = make_notebook(kind, source, release)
    if code:
        prepend_to_first_solution(notebook, code)
    return notebook


def grade(course: Path, mechanism: str = "template", jobs: int = 2, settings: tuple[str, ...] = ()
          ) -> subprocess.CompletedProcess:
    """``course-grader grade`` of the course, with kernels forked from the template or started by bubblewrap."""
    environment = dict(os.environ, COURSE_SECRET=SECRET)
    forked = f"SandboxedExecute.fork_from_template={mechanism == 'template'}"
    extra = [argument for setting in settings for argument in ("--set", setting)]
    return subprocess.run([sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--root", str(course),
                           "--jobs", str(jobs), "--set", "Execute.timeout=60", "--set", forked, *extra],
                          capture_output=True, text=True, timeout=900, cwd=ROOT, env=environment)


def scores(course: Path) -> dict[str, float]:
    with CourseContext(course).gradebook() as gradebook:
        return {submission.student_id: submission.score
                for submission in gradebook.find_assignment(ASSIGNMENT).submissions}


def stored_outputs(course: Path, student: str) -> str:
    notebook = read_notebook(course / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    return json.dumps([cell.get("outputs", []) for cell in notebook.cells], ensure_ascii=False)


SLEEPER = "red-team-sleeper"  # argv[0] of the `sleep 300` the attackers start: no other process on the machine has it


def leftovers() -> list[str]:
    """What is still there after a grace period: a kernel of a grading run elsewhere on the machine that
    is shutting down at the first look (its IPC folder already gone) has ended by the second."""
    first = _leftover_scan()
    time.sleep(3)
    return [process for process in _leftover_scan() if process in first]


def _ipc_folder(pid: int, arguments: list[str]) -> Path | None:
    """The IPC folder a sandboxed kernel talks through: its connection file's folder (a kernel bubblewrap
    started) or the folder bound into its mount namespace (a kernel forked from the template, whose command
    line is the template's); None when it has neither."""
    if "-f" in arguments[:-1]:
        return Path(arguments[arguments.index("-f") + 1]).parent
    try:
        mounts = Path(f"/proc/{pid}/mountinfo").read_text()
    except OSError:
        return None
    points = [line.split()[4] for line in mounts.splitlines() if len(line.split()) > 4]
    return next((Path(point) for point in points if Path(point).name.startswith("cg-")), None)


def _leftover_scan() -> list[str]:
    """Processes the attackers started (their sleepers, whatever account they run as), and sandboxed kernels whose
    grading is over (their IPC folder is gone); kernels of grading still under way elsewhere on the machine keep
    theirs, and a `sleep 300` of a developer or another test (test_cgroups) is none of the attackers'."""
    found = []
    for process in psutil.process_iter(["uids", "cmdline"]):
        try:
            uid = process.info["uids"].real if process.info["uids"] else None
            arguments = process.info["cmdline"] or []
        except psutil.Error:
            continue
        sandboxed = uid is not None and sandbox.UID_BASE <= uid < sandbox.UID_BASE + 1000
        folder = _ipc_folder(process.pid, arguments)
        finished = sandboxed and (folder is None or not folder.exists())
        if finished or arguments[:1] == [SLEEPER]:
            found.append(f"{process.pid} uid={uid} {' '.join(arguments)}")
    return found


