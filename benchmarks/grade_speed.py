"""How fast `grade` is against stock `nbgrader autograde`, on the sample class replicated.

    .venv/bin/python benchmarks/grade_speed.py                 # ch01, class × 2 = 24 submissions
    .venv/bin/python benchmarks/grade_speed.py --copies 3 --timeout 10 --assignment ch02_scaling
    .venv/bin/python benchmarks/grade_speed.py --scale 2,8,32   # how --jobs 2 grows: 24, 96, 384 submissions
    .venv/bin/python benchmarks/grade_speed.py --rounds 3       # stock and run 6 only, alternately, 3 times

Runs, each on a fresh copy of the same course (same submissions, a gradebook that holds only the
assignment, as `nbgrader generate_assignment` leaves it):

1. stock ``nbgrader autograde ASSIGNMENT`` (one process, one submission after another, no sandbox);
2. ``python -m autograder grade ASSIGNMENT --jobs 1`` with every kernel started by bubblewrap, and
   3. forked from the kernel template (both sandboxed);
4. ``--jobs 2 --no-sandbox``, 5. ``--jobs 2`` with bubblewrap and 6. ``--jobs 2`` forked from the template.

It checks the gradebooks hold identical scores (a submission nbgrader could not grade counts
as "no score" in all of them) and prints submissions per minute and the ratio to stock.
Target on a 2-core machine: --jobs 2 with the sandbox (forked from the template) at least 3.5× stock.
CPU seconds are those of the command and the processes it waited for; a sandboxed kernel is reaped
inside its PID namespace and escapes that count, so sandboxed runs show "-" there.
With --rounds N, only runs 1 and 6 are made, one after the other N times, each round's ratio printed and
their median: stock nbgrader's own time moves from run to run as much as a 10% bar, so one run of each judges
a ratio less well than rounds that alternate.
With --scale, only run 6 is made, for each class size, with its wall time per submission and the
peak memory of the whole process tree (sampled every 0.2 s).
Other work on the machine skews the figures: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from sample_class.build import add_class, make_course  # noqa: E402

from autograder.course.context import CourseContext  # noqa: E402


def environment() -> dict:
    scripts = str(Path(sys.executable).parent)  # nbgrader and alembic live beside this Python
    return dict(os.environ, PATH=scripts + os.pathsep + os.environ.get("PATH", ""), PYTHONIOENCODING="utf-8")


def timed(command: list[str], cwd: Path, log: Path) -> tuple[float, float, int, float]:
    """(wall seconds, CPU seconds of the command and everything it started, exit code, peak MiB of its
    process tree)."""
    import psutil

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    peak, done = [0.0], threading.Event()
    with open(log, "w") as output:
        process = subprocess.Popen(command, cwd=cwd, env=environment(), stdout=output, stderr=subprocess.STDOUT)

        def sample() -> None:
            while not done.wait(0.2):
                try:
                    root = psutil.Process(process.pid)
                    tree = [root, *root.children(recursive=True)]
                    peak[0] = max(peak[0], sum(_rss(p) for p in tree) / 2**20)
                except psutil.Error:
                    pass

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        code = process.wait()
        done.set()
        sampler.join()
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), code, peak[0]


def _rss(process) -> int:
    try:
        return process.memory_info().rss
    except Exception:  # noqa: BLE001 - a process that ended while sampled
        return 0


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


def prepare(scratch: Path, assignment: str, copies: int) -> tuple[Path, int]:
    """The benchmark's course with `copies` × the sample class submitted, and how many submissions."""
    base = make_course(scratch / f"base-{copies}", [assignment])
    submissions = len(add_class(base, [assignment], copies=copies))
    subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", assignment, "--force",
                    "--CourseDirectory.release_directory=" + str(scratch / "unused-release")],
                   cwd=base, env=environment(), capture_output=True, check=True)
    return base, submissions


def grade_command(assignment: str, timeout: int, jobs: int, mechanism: str) -> list[str]:
    """`grade` with `jobs` workers; mechanism "none" (no sandbox), "bwrap" or "template"."""
    command = [sys.executable, "-m", "autograder", "grade", assignment, "--timeout", str(timeout), "--jobs", str(jobs)]
    if mechanism == "none":
        return [*command, "--no-sandbox"]
    return [*command, "--set", f"SandboxedExecute.fork_from_template={mechanism == 'template'}"]


def run_all(runs: dict[str, list[str]], base: Path, scratch: Path, assignment: str, submissions: int) -> dict:
    results = {}
    for name, command in runs.items():
        course = scratch / "".join(ch if ch.isalnum() else "_" for ch in name)
        shutil.copytree(base, course)
        if "autograder" in command:
            command = [*command, "--root", str(course)]
        load = os.getloadavg()[0]
        print(f"… {name} ({submissions} submissions, load average {load:.1f})", flush=True)
        wall, cpu, code, peak = timed(command, course, scratch / f"{course.name}.log")
        results[name] = (wall, cpu, code, load, scores(course, assignment), peak)
        shutil.rmtree(course, ignore_errors=True)
    return results


def compare(arguments, scratch: Path) -> bool:
    assignment = arguments.assignment
    base, submissions = prepare(scratch, assignment, arguments.copies)
    runs = {"stock nbgrader autograde": [sys.executable, "-m", "nbgrader", "autograde", assignment,
                                         f"--Execute.timeout={arguments.timeout}"]}
    for jobs, mechanism, label in ((1, "bwrap", "sandbox: bubblewrap"), (1, "template", "sandbox: template"),
                                   (2, "none", "no sandbox"), (2, "bwrap", "sandbox: bubblewrap"),
                                   (2, "template", "sandbox: template")):
        runs[f"grade --jobs {jobs} ({label})"] = grade_command(assignment, arguments.timeout, jobs, mechanism)
    results = run_all(runs, base, scratch, assignment, submissions)
    stock_wall = results["stock nbgrader autograde"][0]
    print()
    print(f"{submissions} submissions of {assignment} ({arguments.copies} × the sample class), "
          f"Execute.timeout={arguments.timeout}s, {os.cpu_count()} CPUs")
    print(f"{'run':<40}{'wall':>9}{'subs/min':>10}{'× stock':>9}{'CPU s':>9}{'peak MiB':>10}{'load':>7}{'exit':>6}")
    for name, (wall, cpu, code, load, _, peak) in results.items():
        cpu_text = "-" if "sandbox:" in name else f"{cpu:.1f}"  # sandboxed kernels are reaped in their namespace
        print(f"{name:<40}{wall:>8.1f}s{60 * submissions / wall:>10.1f}{stock_wall / wall:>9.2f}{cpu_text:>9}"
              f"{peak:>10.0f}{load:>7.1f}{code:>6}")
    return identical(results)


def rounds(arguments, scratch: Path) -> bool:
    """Stock and `grade --jobs 2` (template), alternately, `arguments.rounds` times."""
    assignment = arguments.assignment
    base, submissions = prepare(scratch, assignment, arguments.copies)
    stock = [sys.executable, "-m", "nbgrader", "autograde", assignment, f"--Execute.timeout={arguments.timeout}"]
    ours = grade_command(assignment, arguments.timeout, 2, "template")
    ratios, same = [], True
    lines = []
    for round_number in range(1, arguments.rounds + 1):
        results = run_all({"stock nbgrader autograde": stock, "grade --jobs 2 (sandbox: template)": ours}, base,
                          scratch, assignment, submissions)
        (stock_wall, *_, stock_load, stock_scores, _), (our_wall, *_, our_load, our_scores, _) = results.values()
        ratios.append(stock_wall / our_wall)
        same &= stock_scores == our_scores
        lines.append(f"{round_number:>5}{stock_wall:>11.1f}s{stock_load:>7.1f}{our_wall:>13.1f}s{our_load:>7.1f}"
                     f"{ratios[-1]:>9.2f}")
    print()
    print(f"{submissions} submissions of {assignment} ({arguments.copies} × the sample class), "
          f"Execute.timeout={arguments.timeout}s, {os.cpu_count()} CPUs, stock and grade --jobs 2 (sandbox: "
          f"template) alternately")
    print(f"{'round':>5}{'stock wall':>12}{'load':>7}{'grade wall':>14}{'load':>7}{'× stock':>9}")
    print("\n".join(lines))
    print(f"median × stock over {len(ratios)} rounds: {statistics.median(ratios):.2f}")
    print(f"identical scores in every gradebook: {'yes' if same else 'NO'}")
    return same


def identical(results: dict) -> bool:
    reference = next(iter(results.values()))[4]
    same = all(r[4] == reference for r in results.values())
    print(f"identical scores in all {len(results)} gradebooks: {'yes' if same else 'NO'}")
    if not same:
        for name, (*_, got, _peak) in results.items():
            print(f"  {name}: {dict(sorted(got.items()))}")
    return same


def scale(arguments, scratch: Path) -> bool:
    rows, same = [], True
    for copies in arguments.scale:
        base, submissions = prepare(scratch, arguments.assignment, copies)
        name = f"grade --jobs 2 (sandbox: template), {submissions} submissions"
        results = run_all({name: grade_command(arguments.assignment, arguments.timeout, 2, "template")}, base,
                          scratch, arguments.assignment, submissions)
        wall, _, code, load, got, peak = results[name]
        expected = {student: score for student, score in got.items() if student.endswith("_r1")}
        # every replica of a student scores as its first copy does
        same &= all(score == expected.get(student.rsplit("_r", 1)[0] + "_r1") for student, score in got.items())
        rows.append((submissions, wall, peak, load, code))
        shutil.rmtree(base, ignore_errors=True)
    print()
    print(f"{arguments.assignment}, Execute.timeout={arguments.timeout}s, {os.cpu_count()} CPUs, "
          "grade --jobs 2, kernels forked from the template")
    print(f"{'submissions':>12}{'wall':>9}{'s/submission':>14}{'subs/min':>10}{'peak MiB':>10}{'load':>7}{'exit':>6}")
    for submissions, wall, peak, load, code in rows:
        print(f"{submissions:>12}{wall:>8.1f}s{wall / submissions:>14.2f}{60 * submissions / wall:>10.1f}"
              f"{peak:>10.0f}{load:>7.1f}{code:>6}")
    print(f"every replica scored as its original: {'yes' if same else 'NO'}")
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignment", default="ch01_handmade_qkv")
    parser.add_argument("--copies", type=int, default=2, help="replicas of the sample class (12 students each)")
    parser.add_argument("--timeout", type=int, default=10, help="Execute.timeout for every run (seconds)")
    parser.add_argument("--scale", type=lambda text: [int(n) for n in text.split(",")], default=None,
                        metavar="C1,C2,…", help="only grade --jobs 2 (template), for each number of copies")
    parser.add_argument("--rounds", type=int, default=None, metavar="N",
                        help="only stock and grade --jobs 2 (template), alternately N times, and the median ratio")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (printed)")
    arguments = parser.parse_args(argv)
    scratch = Path(tempfile.mkdtemp(prefix="grade-speed-"))
    ok = (scale(arguments, scratch) if arguments.scale else rounds(arguments, scratch) if arguments.rounds
          else compare(arguments, scratch))
    if arguments.keep:
        print(f"scratch folder kept: {scratch}")
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
