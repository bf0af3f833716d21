"""How often the hidden checks *name* a wrong answer's mistake, per chapter.

    .venv/bin/python benchmarks/diagnosis_coverage.py            # both sets
    .venv/bin/python benchmarks/diagnosis_coverage.py --list     # and every answer with its verdict

Two sets of wrong answers, each file the whole solution cell of one exercise:

- the catalogue's own fixtures, tests/fixtures/<assignment>/wrong/<exercise>__<code>.py: named
  correctly when the check reports exactly <exercise>/<code>;
- the independent set, tests/independent_wrong/<assignment>/<exercise>__<slug>.py, written from
  the lectures and exercise text alone and frozen: named when the check reports a catalogued
  misconception rather than a generic code (mismatch, error, …). Whether that name is the one a
  teacher would give is read from --list against each file's ``# 실수:`` line.

Each answer runs in the assignment's source notebook in place of its solution cell, through the
exercise's own test cell (visible checks, then hidden), as tests/test_fixtures.py runs the
fixtures. Prints one line per chapter and set.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from course_testing import run_assignment  # noqa: E402

from helpers.grading.verdict import TAG_PATTERN  # noqa: E402

GENERIC = {"mismatch", "error", "wrong_exception", "not_callable", "not_from_parts", "not_implemented", "timeout",
           "inplace", "hardcoded", "forbidden", "tampered"}


def verdict(assignment: str, exercise: str, code: str) -> str:
    """The '<exercise>/<code>' the exercise's test cell reports for this solution cell, or 'passed'."""
    try:
        result = run_assignment(assignment, {exercise: code}, only={f"test_{exercise}"})[f"test_{exercise}"]
    except Exception as error:  # noqa: BLE001 - an answer the notebook cannot even run
        return f"{exercise}/cell_error:{type(error).__name__}"
    if result.passed:
        return "passed"
    match = TAG_PATTERN.search(result.message)
    return match.group(1) if match else f"{exercise}/untagged"


def label(path: Path) -> str:
    """The teacher's sentence of an independent answer (its '# 실수:' line)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# 실수:"):
            return line.removeprefix("# 실수:").strip()
    return ""


def measure(paths: list[Path], named, show: bool) -> dict[str, list[int]]:
    """chapter → [named, total], printing each answer when `show`."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path in paths:
        assignment = path.parent.parent.name if path.parent.name == "wrong" else path.parent.name
        exercise, _, detail = path.stem.partition("__")
        got = verdict(assignment, exercise, path.read_text(encoding="utf-8"))
        ok = named(exercise, detail, got)
        counts[assignment[:4]][0] += ok
        counts[assignment[:4]][1] += 1
        if show:
            print(f"  {'✓' if ok else '·'} {assignment}/{path.name:<48} → {got:<40} {label(path)}")
    return counts


def report(title: str, counts: dict[str, list[int]]) -> None:
    print(title)
    for chapter, (hits, total) in sorted(counts.items()):
        print(f"  {chapter}  {hits:>3}/{total:<3} named  {100 * hits / total:5.1f}%")
    hits, total = (sum(c[i] for c in counts.values()) for i in (0, 1))
    if total:
        print(f"  all   {hits:>3}/{total:<3} named  {100 * hits / total:5.1f}%")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every answer with its verdict")
    arguments = parser.parse_args(argv)
    fixtures = sorted((REPO / "tests" / "fixtures").glob("*/wrong/*.py"))
    report("catalogue fixtures (named = exactly the fixture's code)",
           measure(fixtures, lambda exercise, code, got: got == f"{exercise}/{code}", arguments.list))
    independent = sorted((REPO / "tests" / "independent_wrong").glob("*/*.py"))
    if independent:
        report("independent set (named = a catalogued misconception, not a generic code)",
               measure(independent, lambda exercise, _, got: got.split("/", 1)[1] not in GENERIC
                       and got != "passed" and ":" not in got, arguments.list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
