"""How fast `grade` is against stock `nbgrader autograde`, on the sample class replicated.

    .venv/bin/python benchmarks/grade_speed.py                 # ch01, class × 2 = 24 submissions
    .venv/bin/python benchmarks/grade_speed.py --copies 3 --timeout 10 --assignment ch02_scaling

Five runs, each on a fresh copy of the same course (same submissions, a gradebook that holds
only the assignment, as `nbgrader generate_assignment` leaves it):

1. stock ``nbgrader autograde ASSIGNMENT`` (one process, one submission after another, no sandbox);
2. ``python -m autograder grade ASSIGNMENT --jobs 1 --no-sandbox`` and 3. the same in the sandbox;
4. ``python -m autograder grade ASSIGNMENT --jobs 2 --no-sandbox`` and 5. the same in the sandbox.

It checks the gradebooks hold identical scores (a submission nbgrader could not grade counts
as "no score" in all of them) and prints submissions per minute, the ratio to stock and what
the sandbox costs against the same run without it.
Targets on a 2-core machine: --jobs 2 at least 1.8× stock; the sandbox at most 10 % of wall time.
CPU seconds are those of the command and the processes it waited for; a sandboxed kernel is reaped
inside its PID namespace and escapes that count, so sandboxed runs show "-" there.
Other work on the machine skews the figures: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from sample_class.build import add_class, make_course  # noqa: E402

from autograder.context import CourseContext  # noqa: E402


def environment() -> dict:
    scripts = str(Path(sys.executable).parent)  # nbgrader and alembic live beside this Python
    return dict(os.environ, PATH=scripts + os.pathsep + os.environ.get("PATH", ""), PYTHONIOENCODING="utf-8")


def timed(command: list[str], cwd: Path, log: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the command and everything it started, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    with open(log, "w") as output:
        code = subprocess.run(command, cwd=cwd, env=environment(), stdout=output, stderr=subprocess.STDOUT).returncode
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code


def scores(course: Path, assignment: str) -> dict[str, float | None]:
    """student → total auto score of every graded submission (stock nbgrader leaves a row of empty
    grades for a submission it failed on; the autograder leaves none: both mean "no score")."""
    with CourseContext(course).gradebook() as gradebook:
        result = {}
        for submission in gradebook.find_assignment(assignment).submissions:
            grades = [g.auto_score for nb in submission.notebooks for g in nb.grades]
            if grades and all(g is not None for g in grades):
                result[submission.student_id] = sum(grades)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="ch01_handmade_qkv")
    parser.add_argument("--copies", type=int, default=2, help="replicas of the sample class (12 students each)")
    parser.add_argument("--timeout", type=int, default=10, help="Execute.timeout for all three runs (seconds)")
    parser.add_argument("--keep", action="store_true", help="keep the course folders (printed)")
    arguments = parser.parse_args(argv)
    assignment = arguments.assignment

    scratch = Path(tempfile.mkdtemp(prefix="grade-speed-"))
    base = make_course(scratch / "base", [assignment])
    expected = add_class(base, [assignment], copies=arguments.copies)
    submissions = len(expected)
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment, "--force",
                    "--CourseDirectory.release_directory=" + str(scratch / "unused-release")],
                   cwd=base, env=environment(), capture_output=True, check=True)
    grade = [sys.executable, "-m", "autograder", "grade", assignment, "--timeout", str(arguments.timeout)]
    runs = {"stock nbgrader autograde": [sys.executable, "-m", "nbgrader", "autograde", assignment,
                                         f"--Execute.timeout={arguments.timeout}"]}
    for jobs in ("1", "2"):
        runs[f"grade --jobs {jobs} --no-sandbox"] = [*grade, "--jobs", jobs, "--no-sandbox"]
        runs[f"grade --jobs {jobs} (sandbox)"] = [*grade, "--jobs", jobs]
    results = {}
    for name, command in runs.items():
        course = scratch / "".join(ch if ch.isalnum() else "_" for ch in name)
        shutil.copytree(base, course)
        if "autograder" in command:
            command = [*command, "--root", str(course)]
        load = os.getloadavg()[0]
        print(f"… {name} ({submissions} submissions, load average {load:.1f})", flush=True)
        wall, cpu, code = timed(command, course, scratch / f"{course.name}.log")
        results[name] = (wall, cpu, code, load, scores(course, assignment))

    stock_wall = results["stock nbgrader autograde"][0]
    print()
    print(f"{submissions} submissions of {assignment} ({arguments.copies} × the sample class), "
          f"Execute.timeout={arguments.timeout}s, {os.cpu_count()} CPUs")
    print(f"{'run':<32}{'wall':>9}{'subs/min':>10}{'× stock':>9}{'sandbox':>9}{'CPU s':>9}{'load':>7}{'exit':>6}")
    for name, (wall, cpu, code, load, _) in results.items():
        bare = results.get(name.replace("(sandbox)", "--no-sandbox"))
        cost = f"{100 * (wall / bare[0] - 1):+.0f}%" if "(sandbox)" in name and bare else ""
        cpu_text = "-" if "(sandbox)" in name else f"{cpu:.1f}"  # sandboxed kernels are reaped inside bwrap
        print(f"{name:<32}{wall:>8.1f}s{60 * submissions / wall:>10.1f}{stock_wall / wall:>9.2f}{cost:>9}"
              f"{cpu_text:>9}{load:>7.1f}{code:>6}")
    reference = results["stock nbgrader autograde"][4]
    identical = all(r[4] == reference for r in results.values())
    print(f"identical scores in all {len(results)} gradebooks: {'yes' if identical else 'NO'}")
    if not identical:
        for name, (*_, got) in results.items():
            print(f"  {name}: {dict(sorted(got.items()))}")
    if arguments.keep:
        print(f"course folders kept in {scratch}")
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
