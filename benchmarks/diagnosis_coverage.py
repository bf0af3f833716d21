"""How often the hidden checks *name* a wrong answer's mistake, per chapter.

    .venv/bin/python benchmarks/diagnosis_coverage.py            # both sets
    .venv/bin/python benchmarks/diagnosis_coverage.py --list     # and every answer with its verdict

Two sets of wrong answers, each file the whole solution cell of one exercise:

- the catalogue's own fixtures, tests/fixtures/<assignment>/wrong/<exercise>__<code>.py: named
  correctly when the check reports exactly <exercise>/<code>;
- the independent sets, tests/independent_wrong/ and tests/independent_wrong_heldout/ (each
  <assignment>/<exercise>__<slug>.py), written from the lectures and exercise text alone and frozen
  (the held-out one after the catalogue had been widened on the first): named correctly when the
  check reports one of the codes the answer key tests/independent_key/[heldout/]<assignment>.tsv gives
  for the file (the mistake a teacher names in its ``# 실수:`` line); a file the key does not list counts as
  named when the code is a catalogued misconception rather than a generic one (mismatch, error, …).

A composite whose own code is right passes and names the wrong part it calls (``[부품: …]``): its
verdict is that part's code.

Each answer runs in the assignment's source notebook in place of its solution cell, through the
exercise's own test cell (visible checks, then hidden), as tests/helpers/test_fixtures.py runs the
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

from helpers.grading.verdict import PART_PATTERN, TAG_PATTERN  # noqa: E402

GENERIC = {"mismatch", "error", "wrong_exception", "not_callable", "not_from_parts", "not_implemented", "timeout",
           "inplace", "hardcoded", "forbidden", "tampered"}


def verdict(assignment: str, exercise: str, code: str) -> str:
    """The '<exercise>/<code>' the exercise's test cell reports for this solution cell, or 'passed'."""
    try:
        result = run_assignment(assignment, {exercise: code}, only={f"test_{exercise}"})[f"test_{exercise}"]
    except Exception as error:  # noqa: BLE001 - an answer the notebook cannot even run
        return f"{exercise}/cell_error:{type(error).__name__}"
    if result.passed:
        part = PART_PATTERN.search(result.printed)
        return part.group(2) if part else "passed"
    match = TAG_PATTERN.search(result.message)
    return match.group(1) if match else f"{exercise}/untagged"


def label(path: Path) -> str:
    """The teacher's sentence of an independent answer (its '# 실수:' line)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# 실수:"):
            return line.removeprefix("# 실수:").strip()
    return ""


def answer_key(folder: Path) -> dict[str, set[str]]:
    """'<assignment>/<file>' → the codes that name its mistake, from the tables <assignment>.tsv in `folder`
    (columns answer, codes separated by |, why)."""
    key = {}
    for table in sorted(folder.glob("*.tsv")):
        for line in table.read_text(encoding="utf-8").splitlines()[1:]:
            if line.strip():
                answer, codes, *_ = line.split("\t")
                key[f"{table.stem}/{answer}"] = set(codes.split("|"))
    return key


def named_independently(key: dict[str, set[str]]):
    def named(path: Path, exercise: str, got: str) -> bool:
        codes = key.get(f"{path.parent.name}/{path.name}")
        if codes is not None:
            return got in codes
        return got != "passed" and ":" not in got and got.split("/", 1)[1] not in GENERIC
    return named


def measure(paths: list[Path], named, show: bool) -> dict[str, list[int]]:
    """chapter → [named, total], printing each answer when `show`."""
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path in paths:
        assignment = path.parent.parent.name if path.parent.name == "wrong" else path.parent.name
        exercise, _, detail = path.stem.partition("__")
        got = verdict(assignment, exercise, path.read_text(encoding="utf-8"))
        ok = named(path, exercise, got)
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
           measure(fixtures, lambda path, exercise, got: got == f"{exercise}/{path.stem.partition('__')[2]}",
                   arguments.list))
    keys = REPO / "tests" / "independent_key"
    for folder, title, key in (("independent_wrong", "independent set", answer_key(keys)),
                               ("independent_wrong_heldout", "held-out independent set", answer_key(keys / "heldout"))):
        answers = sorted((REPO / "tests" / folder).glob("*/*.py"))
        keyed = sum(f"{path.parent.name}/{path.name}" in key for path in answers)
        if answers:
            report(f"{title} (named = a code the answer key gives; {keyed}/{len(answers)} files keyed, "
                   "the rest: any catalogued misconception)",
                   measure(answers, named_independently(key), arguments.list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
