"""Each grading job's numeric libraries use its share of the CPUs, not every CPU (autograder/grading/threads.py).

Two workers on two CPUs with two torch threads each made every parallel region wait for a thread another
process held. One class of one student, graded with `--jobs 2`, whose notebook prints the thread count its
kernel sees; and the rule itself, in a fresh interpreter.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from course_testing import sandbox_or_skip
from sample_class.build import ROOT, make_course, make_notebook
from test_verdict_forgery import ASSIGNMENT, EXERCISES, _append, _hand_in

from autograder.course.notebook import read_notebook
from autograder.grading.threads import THREAD_VARIABLES, threads_per_job
from autograder.sandbox.cgroups import usable_cpus

PRINT_THREADS = 'import torch as _torch\nprint("torch threads:", _torch.get_num_threads())\n'


def _without_thread_settings() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name not in THREAD_VARIABLES}


def test_jobs_share_the_cpus_and_each_keeps_at_least_one():
    assert [threads_per_job(jobs, 4) for jobs in (1, 2, 3, 4, 8)] == [4, 2, 1, 1, 1]
    assert threads_per_job(0, 2) == 2


@pytest.mark.parametrize(("preset", "share", "expected"), [(None, 1, "1"), ("1", 2, "1")])
def test_a_worker_sets_torchs_threads_unless_the_instructor_chose_them(preset, share, expected):
    environment = _without_thread_settings() | ({"OMP_NUM_THREADS": preset} if preset else {})
    code = (f"import torch\nfrom autograder.grading.threads import limit_threads\nlimit_threads({share})\n"
            "import os\nprint(torch.get_num_threads(), os.environ['OMP_NUM_THREADS'])\n")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                           env=environment).stdout.split()
    assert shown == [expected, expected]


@pytest.mark.slow
def test_a_kernel_graded_with_two_jobs_on_two_cpus_computes_with_one_thread(tmp_path):
    sandbox_or_skip()
    cpus = usable_cpus()
    if cpus < 2:
        pytest.skip("one CPU: every job's share is the one thread torch would take anyway")
    course = make_course(tmp_path / "course", [ASSIGNMENT])
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    for student in ("s1", "s2"):
        notebook = make_notebook("correct", source, release)
        _append(notebook, EXERCISES[0], PRINT_THREADS)
        _hand_in(course, student, notebook)
    grading = subprocess.run([sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--root", str(course),
                              "--jobs", "2"], capture_output=True, text=True, timeout=900, cwd=ROOT,
                             env=_without_thread_settings())
    assert grading.returncode == 0, grading.stdout + grading.stderr
    for student in ("s1", "s2"):
        graded = json.loads((course / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text())
        printed = "".join("".join(output.get("text", "")) for cell in graded["cells"] if cell["cell_type"] == "code"
                          for output in cell.get("outputs", []))
        assert f"torch threads: {threads_per_job(2, cpus)}\n" in printed, printed
