"""How long the similarity review takes as the class grows, against copydetect's own CopyDetector on the same code.

    .venv/bin/python benchmarks/similarity_scale.py                      # ch01, 50, 100, 200, 400 students
    .venv/bin/python benchmarks/similarity_scale.py --students 200 --assignment ch05_multi_head

A class of N students is made from the test class of issue 29 (tests/similarity_class.py): each student's every
exercise is the code of a random student of that class who wrote their own (seeded), with its names changed by a
suffix of the student's number, so that no two students are the same file. For each N it times, side by side:
1. `review_assignment` (autograder/similarity/review.py): reading the notebooks, fingerprinting three views of every
   solution cell, scoring all N(N−1)/2 pairs, and the side-by-side highlights of the top pairs;
2. copydetect's CopyDetector with its defaults (what an instructor would run instead, after exporting one .py per
   student by hand), comparing every pair of files, without writing its HTML report.
It prints the wall time of each, the ratio, and how the review's time grows from one N to the next (×4 pairs when
the class doubles). Other work on the machine skews the times: the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from copydetect import CopyDetector  # noqa: E402
from sample_class.build import make_course  # noqa: E402
from similarity_class import add_similarity_class, write_submission  # noqa: E402

from autograder.course.context import CourseContext  # noqa: E402
from autograder.similarity import code, review  # noqa: E402


def _renamed(text: str, suffix: int) -> str:
    """Every name assigned in `text` (a = …, for a in …) given the student's suffix."""
    names = set(re.findall(r"^\s*([A-Za-z_]\w*)\s*=", text, re.M))
    for name in names:
        text = re.sub(rf"\b{name}\b", f"{name}_{suffix}", text)
    return text


def make_class(folder: Path, assignment: str, students: int, seed: int = 0) -> Path:
    """A course of `students` students built from the pool of own-written answers of the test class."""
    course = make_course(folder, [assignment])
    add_similarity_class(course, assignment)
    pool, _ = code.read_written(CourseContext(course), assignment)
    for path in sorted((course / "submitted").iterdir()):
        for item in sorted(path.rglob("*"), reverse=True):
            item.unlink() if item.is_file() else item.rmdir()
        path.rmdir()
    chooser = random.Random(seed)
    exercises = list(code.exercises(CourseContext(course), assignment))
    for number in range(students):
        cells = {}
        for exercise in exercises:
            donors = [w for w in pool if exercise in w.cells]
            cells[exercise] = _renamed(chooser.choice(donors).cells[exercise], number)
        write_submission(course, f"student_{number:04d}", assignment, cells)
    return course


def time_review(course: Path, assignment: str) -> tuple[float, int]:
    start = time.perf_counter()
    found = review.review_assignment(CourseContext(course), assignment)
    return time.perf_counter() - start, len(found.pairs)


def time_copydetect(course: Path, assignment: str, scratch: Path) -> float:
    """copydetect over one .py file per student (every solution cell of the notebook, in order)."""
    written, _ = code.read_written(CourseContext(course), assignment)
    files = scratch / "files"
    files.mkdir()
    for submission in written:
        (files / f"{submission.student}.py").write_text("\n\n".join(submission.cells.values()), encoding="utf-8")
    start = time.perf_counter()
    detector = CopyDetector(test_dirs=[str(files)], extensions=["py"], silent=True, autoopen=False)
    detector.run()
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", default="50,100,200,400", help="class sizes, comma-separated")
    parser.add_argument("--assignment", default="ch01_handmade_qkv")
    arguments = parser.parse_args()
    sizes = [int(n) for n in arguments.students.split(",")]
    print(f"{arguments.assignment}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print(f"{'students':>9} {'pairs':>7} {'review':>9} {'copydetect':>11} {'review/copydetect':>18} "
          f"{'listed':>7} {'growth':>7}")
    previous = None
    for students in sizes:
        with tempfile.TemporaryDirectory(prefix="similarity-scale-") as scratch:
            course = make_class(Path(scratch) / "course", arguments.assignment, students)
            seconds, listed = time_review(course, arguments.assignment)
            stock = time_copydetect(course, arguments.assignment, Path(scratch))
        growth = f"×{seconds / previous:.1f}" if previous else "-"
        previous = seconds
        print(f"{students:>9} {students * (students - 1) // 2:>7} {seconds:>8.1f}s {stock:>10.1f}s "
              f"{seconds / stock:>18.2f} {listed:>7} {growth:>7}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
