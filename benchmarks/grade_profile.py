"""Where the time of grading one submission goes: wall and CPU seconds by phase.

    .venv/bin/python benchmarks/grade_profile.py                       # ch01, 5 × s01_correct, sandbox on
    .venv/bin/python benchmarks/grade_profile.py --bwrap               # every kernel started by bubblewrap
    .venv/bin/python benchmarks/grade_profile.py --assignment ch06_encoder_block --no-sandbox

Grades `--copies` copies of the sample class's correct submission with `grade --jobs 1` in this process
(the worker is forked from it, so the timing hooks below travel with it) and prints the median of each
phase per submission:

- kernel start: the process, the interpreter and ipykernel, until the kernel answers;
- imports: the notebook's first code cell (torch, numpy, pandas, matplotlib, helpers);
- notebook's own cells: every other cell that is not a graded test;
- test cells: the visible checks in the kernel and the checker's verdicts in the worker;
- kernel shutdown;
- nbgrader's other preprocessors: the rest of nbgrader's Autograde converter;
- gradebook: the worker's scratch copy and read-back, and the parent's write;
- the rest: the worker's checks and scan, staging, moving the task and result between processes.

CPU seconds are the worker's own and its kernel's (the kernel's process tree, read before shutdown).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

import psutil  # noqa: E402
from nbgrader.converters import Autograde  # noqa: E402
from sample_class.build import add_class, make_course  # noqa: E402

from autograder.course.context import CourseContext  # noqa: E402
from autograder.course.notebook import is_test_cell  # noqa: E402
from autograder.grade import grade_assignment  # noqa: E402
from autograder.grading import record, worker  # noqa: E402
from autograder.sandbox import template_handle  # noqa: E402

PHASES = ("kernel start", "imports", "notebook's own cells", "test cells", "kernel shutdown",
          "nbgrader's other preprocessors", "gradebook", "the rest")
OUT = "GRADE_PROFILE_DIR"


class Clock:
    """Wall and CPU seconds per phase of the submission being graded in this process."""

    def __init__(self):
        self.wall: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)  # this process's and the kernel's
        self.own_cpu: dict[str, float] = defaultdict(float)  # this process's alone
        self.kernel_pid: int | None = None

    def kernel_cpu(self) -> float:
        if self.kernel_pid is None:
            return 0.0
        try:
            root = psutil.Process(self.kernel_pid)
            tree = [root, *root.children(recursive=True)]
        except psutil.Error:
            return 0.0
        total = 0.0
        for process in tree:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.Error:
                pass
        return total

    def timed(self, phase: str, function):
        """`function`, adding its wall and CPU seconds to `phase`."""
        clock = self

        def wrapper(*args, **kwargs):
            wall, cpu, kernel = time.monotonic(), time.process_time(), clock.kernel_cpu()
            try:
                return function(*args, **kwargs)
            finally:
                clock.wall[phase] += time.monotonic() - wall
                clock.own_cpu[phase] += time.process_time() - cpu
                clock.cpu[phase] += time.process_time() - cpu + max(0.0, clock.kernel_cpu() - kernel)
        return wrapper


CLOCK = Clock()


def _phase_of_cell(client, cell) -> str:
    code_cells = [c for c in client.nb.cells if c.cell_type == "code"]
    return ("imports" if code_cells and cell is code_cells[0] else
            "test cells" if is_test_cell(cell) else "notebook's own cells")


def _hook_executor(executor: type) -> None:
    """Time the kernel's start, cells and shutdown, and the checker's verdicts, on the Execute class grade uses.
    Set on the class itself: its bases (BoundedOutput, SandboxedExecute) override nbclient's methods, and nbclient's
    setup_kernel and nbconvert's preprocess_cell call the synchronous ones."""
    start_kernel = executor.start_new_kernel

    def started_kernel(self, **kwargs):
        CLOCK.timed("kernel start", start_kernel)(self, **kwargs)
        CLOCK.kernel_pid = getattr(getattr(self.km, "provisioner", None), "pid", None)

    executor.start_new_kernel = started_kernel
    executor.start_new_kernel_client = CLOCK.timed("kernel start", executor.start_new_kernel_client)
    executor._cleanup_kernel = CLOCK.timed("kernel shutdown", executor._cleanup_kernel)
    execute_cell = executor.execute_cell

    def timed_cell(self, cell, cell_index, *args, **kwargs):
        return CLOCK.timed(_phase_of_cell(self, cell), execute_cell)(self, cell, cell_index, *args, **kwargs)

    executor.execute_cell = timed_cell
    executor._verdict = CLOCK.timed("test cells", executor._verdict)  # the checker: references, round trips


def _hook_checker() -> None:
    """Hook the checked executors, once, in the worker (the parent never imports the checker: it imports torch)."""
    from autograder.grading.checker import CheckedExecute, CheckedSandboxedExecute

    if getattr(CheckedExecute, "_profiled", False):
        return
    for executor in (CheckedSandboxedExecute, CheckedExecute):  # the subclass first: it must not wrap the base's hooks
        _hook_executor(executor)
    CheckedExecute._profiled = True


def install_hooks() -> None:
    """Wrap the steps of grading so that each adds its time to its phase (in the worker, after fork)."""
    Autograde.convert_single_notebook = CLOCK.timed("nbgrader's other preprocessors", Autograde.convert_single_notebook)
    worker._scratch_gradebook = CLOCK.timed("gradebook", worker._scratch_gradebook)
    worker._read_scratch = CLOCK.timed("gradebook", worker._read_scratch)
    grade = worker.grade

    def profiled_grade(submission, setup):
        _hook_checker()
        for table in (CLOCK.wall, CLOCK.cpu, CLOCK.own_cpu):
            table.clear()
        CLOCK.kernel_pid = None
        started = time.monotonic()
        result = grade(submission, setup)
        CLOCK.wall["total"] = time.monotonic() - started
        out = Path(os.environ[OUT]) / f"{submission.student}-{time.monotonic_ns()}.json"
        out.write_text(json.dumps({"wall": CLOCK.wall, "cpu": CLOCK.cpu, "own_cpu": CLOCK.own_cpu, "ok": result.ok}))
        return result

    worker.grade = profiled_grade
    record.Recorder.record = CLOCK.timed("gradebook", record.Recorder.record)


def phases_of(profile: dict) -> dict[str, tuple[float, float]]:
    """phase → (wall, CPU) of one graded submission; the Execute phases are taken out of nbgrader's."""
    wall, cpu, own = profile["wall"], profile["cpu"], profile["own_cpu"]
    executed = ("kernel start", "imports", "notebook's own cells", "test cells", "kernel shutdown")
    result = {phase: (wall.get(phase, 0.0), cpu.get(phase, 0.0)) for phase in executed}
    nbgrader = "nbgrader's other preprocessors"
    result[nbgrader] = (wall.get(nbgrader, 0.0) - sum(result[p][0] for p in executed),
                        own.get(nbgrader, 0.0) - sum(own.get(p, 0.0) for p in executed))
    result["gradebook"] = (wall.get("gradebook", 0.0), cpu.get("gradebook", 0.0))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="ch01_handmade_qkv")
    parser.add_argument("--copies", type=int, default=5, help="copies of the submission graded (median printed)")
    parser.add_argument("--no-sandbox", action="store_true", help="grade without the sandbox")
    parser.add_argument("--bwrap", action="store_true", help="start every kernel in bubblewrap, not from the template")
    arguments = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="grade-profile-"))
    os.environ[OUT] = str(scratch)
    course = make_course(scratch / "course", [arguments.assignment])
    add_class(course, [arguments.assignment], copies=arguments.copies, students=["s01_correct"])
    install_hooks()
    started = time.monotonic()
    with open(os.devnull, "w") as quiet:
        overrides = {"SandboxedExecute.fork_from_template": False} if arguments.bwrap else {}
        grade_assignment(CourseContext(course, overrides=overrides), arguments.assignment, jobs=1,
                         sandbox=not arguments.no_sandbox, stream=quiet)
    whole = time.monotonic() - started
    profiles = [json.loads(path.read_text()) for path in sorted(scratch.glob("*.json"))]
    rows = [phases_of(profile) for profile in profiles]
    parent_write = CLOCK.wall["gradebook"] / len(profiles)
    mechanism = "off" if arguments.no_sandbox else "forked from the kernel template" if (
        template_handle.available() and not arguments.bwrap) else "bubblewrap"
    print(f"{len(profiles)} submissions of {arguments.assignment} (s01_correct), --jobs 1, sandbox {mechanism}; "
          f"median per submission, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"{'phase':<34}{'wall s':>8}{'share':>8}{'CPU s':>8}")
    submission = statistics.median(p["wall"]["total"] for p in profiles) + parent_write
    for phase in PHASES[:-1]:
        wall = statistics.median(r[phase][0] for r in rows) + (parent_write if phase == "gradebook" else 0.0)
        cpu = statistics.median(r[phase][1] for r in rows)
        print(f"{phase:<34}{wall:>8.2f}{100 * wall / submission:>7.0f}%{cpu:>8.2f}")
    rest = submission - sum(statistics.median(r[p][0] for r in rows) for p in PHASES[:-1]) - parent_write
    print(f"{'the rest':<34}{rest:>8.2f}{100 * rest / submission:>7.0f}%")
    print(f"{'one submission':<34}{submission:>8.2f}{100:>7.0f}%")
    print(f"once a run (plan, template gradebook, worker and template start): "
          f"{whole - sum(p['wall']['total'] for p in profiles) - CLOCK.wall['gradebook']:.2f} s; "
          f"whole command {whole:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
