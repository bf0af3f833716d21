"""How often the hidden checks *name* a wrong answer's mistake, per chapter.

    .venv/bin/python benchmarks/diagnosis_coverage.py                    # every measured set, not the blind test
    .venv/bin/python benchmarks/diagnosis_coverage.py --list             # and every answer with its verdict
    .venv/bin/python benchmarks/diagnosis_coverage.py --only blind5/tuning --chapter ch03  # some sets, chapters
    .venv/bin/python benchmarks/diagnosis_coverage.py --blind-test       # and the blind test half: issue #46, once
    .venv/bin/python benchmarks/diagnosis_coverage.py --blind-test-only  # that test half alone

Sets of wrong answers, each file the whole solution cell of one exercise:

- the catalogue's own fixtures, tests/fixtures/<assignment>/wrong/<exercise>__<code>.py: named
  correctly when the check reports exactly <exercise>/<code>;
- the independent sets, tests/independent_wrong/, tests/independent_wrong_heldout/ and the blind sets' halves
  tests/independent_wrong_blind{,2,3,…}/{tuning,test}/ (each <assignment>/<exercise>__<slug>.py), written
  from the lectures and exercise text alone and frozen: named correctly when the check reports one of the codes
  the answer key tests/independent_key/[heldout/|blind{,2,3,…}/<half>/]<assignment>.tsv gives for the file (the
  codes that name the mistake its ``# 실수:`` line or label describes); tests/answer_sets.py's MEASURED lists them.

A blind set's test half awaiting its one-time measurement (issue #46 item 6; tests/answer_sets.py's BLIND_TEST,
None while none awaits) is measured only with --blind-test or --blind-test-only: nobody looks at its answers or
runs the grader on them before (its README). The first and second blind sets' test halves were measured so on
2026-12-02, the third's and fourth's on 2026-12-05, the fifth's, sixth's and seventh's on 2026-12-06 and
2026-12-07 (benchmarks/RESULTS.md); they are now measured with the rest. The eighth set's test half awaits
its one-time measurement now.

A composite whose own code is right passes and names the wrong part it calls (``[부품: …]``): its
verdict is that part's code. An answer that passes without naming a part kept full marks: every set
prints how many did (none should, they are all wrong).

Each answer runs in the assignment's source notebook in place of its solution cell, through the
exercise's own test cell (visible checks, then hidden), as tests/helpers/test_fixtures.py runs the
fixtures; the whole file is the cell, so the notebook globals a blind answer defines at its top are
defined. Prints one line per chapter and set.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from answer_sets import BLIND_TEST, MEASURED, TESTS, answer_key  # noqa: E402
from course_testing import run_assignment  # noqa: E402

from helpers.grading.verdict import PART_PATTERN, TAG_PATTERN  # noqa: E402

PASSED = "passed"  # the verdict of an answer that kept full marks


@dataclass
class Tally:
    """One chapter of one set: answers named correctly, answers, and answers that kept full marks."""

    named: int = 0
    total: int = 0
    kept_full_marks: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.named + other.named, self.total + other.total,
                     self.kept_full_marks + other.kept_full_marks)


Named = Callable[[Path, str, str], bool]  # (answer file, exercise, verdict) → is the verdict a right name


def verdict(assignment: str, exercise: str, code: str) -> str:
    """The '<exercise>/<code>' the exercise's test cell reports for this solution cell, or 'passed'."""
    try:
        result = run_assignment(assignment, {exercise: code}, only={f"test_{exercise}"})[f"test_{exercise}"]
    except Exception as error:  # noqa: BLE001 - an answer the notebook cannot even run
        return f"{exercise}/cell_error:{type(error).__name__}"
    if result.passed:
        part = PART_PATTERN.search(result.printed)
        return part.group(2) if part else PASSED
    match = TAG_PATTERN.search(result.message)
    return match.group(1) if match else f"{exercise}/untagged"


def label(path: Path) -> str:
    """The teacher's sentence of an independent answer (its '# 실수:' line)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# 실수:"):
            return line.removeprefix("# 실수:").strip()
    return ""


def named_by_key(key: dict[str, frozenset[str]]) -> Named:
    """Named: the verdict is one of the codes the key gives for the file (a file it does not list is not)."""
    return lambda path, exercise, got: got in key.get(f"{path.parent.name}/{path.name}", ())


def named_as_fixture(path: Path, exercise: str, got: str) -> bool:
    """Named: exactly the fixture's own code, <exercise>/<code> from its name <exercise>__<code>.py."""
    return got == f"{exercise}/{path.stem.partition('__')[2]}"


def measure(paths: list[Path], named: Named, show: bool) -> dict[str, Tally]:
    """chapter → its tally, printing each answer when `show`."""
    counts: dict[str, Tally] = defaultdict(Tally)
    for path in paths:
        assignment = path.parent.parent.name if path.parent.name == "wrong" else path.parent.name
        exercise = path.stem.partition("__")[0]
        got = verdict(assignment, exercise, path.read_text(encoding="utf-8"))
        ok = named(path, exercise, got)
        counts[assignment[:4]] += Tally(ok, 1, got == PASSED)
        if show:
            print(f"  {'✓' if ok else '·'} {assignment}/{path.name:<48} → {got:<40} {label(path)}")
    return counts


def report(title: str, counts: dict[str, Tally]) -> None:
    print(title)
    lines = sorted(counts.items())
    if lines:
        lines.append(("all ", sum(counts.values(), Tally())))
    for chapter, tally in lines:
        print(f"  {chapter}  {tally.named:>3}/{tally.total:<3} named  {100 * tally.named / tally.total:5.1f}%"
              f"  {tally.kept_full_marks:>3} kept full marks")


def _chosen(folder: Path, only: list[str] | None) -> bool:
    """`folder` ends as one --only names it (any folder, without --only)."""
    return not only or any(folder.as_posix().endswith(name.rstrip("/")) for name in only)


def _wanted_chapter(chapters: list[str] | None) -> Callable[[Path], bool]:
    """Whether an assignment folder is of a chapter --chapter names (every one, without --chapter)."""
    return lambda assignment: not chapters or assignment.name[:4] in chapters


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every answer with its verdict")
    parser.add_argument("--blind-test", action="store_true",
                        help="also measure the blind test half (answer_sets.BLIND_TEST): the one-time measurement at "
                             "the end of its set's tuning, never run before it")
    parser.add_argument("--blind-test-only", action="store_true",
                        help="measure the blind test half alone (that one-time measurement)")
    parser.add_argument("--only", action="append", metavar="FOLDER",
                        help="measure only the measured sets whose folder ends so (blind5/tuning, "
                             "independent_wrong_heldout, fixtures for the catalogue's); repeatable")
    parser.add_argument("--chapter", action="append", metavar="CHNN",
                        help="measure only the answers of this chapter (ch03); repeatable")
    arguments = parser.parse_args(argv)
    blind_test = arguments.blind_test or arguments.blind_test_only
    if blind_test and BLIND_TEST is None:
        parser.error("no blind test half awaits its measurement (tests/answer_sets.py's BLIND_TEST is None)")
    wanted = _wanted_chapter(arguments.chapter)
    if not arguments.blind_test_only and _chosen(TESTS / "fixtures", arguments.only):
        fixtures = [path for path in sorted((TESTS / "fixtures").glob("*/wrong/*.py")) if wanted(path.parent.parent)]
        report("catalogue fixtures (named = exactly the fixture's code)",
               measure(fixtures, named_as_fixture, arguments.list))
    measured = () if arguments.blind_test_only else tuple(
        answer_set for answer_set in MEASURED if _chosen(answer_set.answers, arguments.only))
    for answer_set in measured + ((BLIND_TEST,) if blind_test else ()):
        answers = [path for path in sorted(answer_set.answers.glob("*/*.py")) if wanted(path.parent)]
        report(f"{answer_set.title} (named = a code the answer key gives)",
               measure(answers, named_by_key(answer_key(answer_set.keys)), arguments.list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
