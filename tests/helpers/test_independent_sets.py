"""The frozen sets of independent wrong answers and their answer keys (benchmarks/diagnosis_coverage.py).

Each key, tests/independent_key/[heldout/|blind/<half>/]<assignment>.tsv, lists every answer of its set once,
with the codes that name its mistake: a catalogued misconception, a probe kind of helpers/misconceptions/probes.py,
two catalogued mistakes found together, a generic code whose message says the mistake exactly, or
``<exercise>/-`` for a mistake nothing names yet. The blind set's test half is measured once (issue #28): these
tests list its files' names and never read them.
"""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from helpers.grading import exercise_names
from helpers.misconceptions import catalogue, for_exercise
from helpers.misconceptions.probes import Probe, two_mistakes_id

TESTS = Path(__file__).resolve().parents[1]
KEYS = TESTS / "independent_key"
SETS = {"independent_wrong": KEYS,  # the folder of a set's answers → the folder of its answer keys
        "independent_wrong_heldout": KEYS / "heldout",
        "independent_wrong_blind/tuning": KEYS / "blind" / "tuning",
        "independent_wrong_blind/test": KEYS / "blind" / "test"}
EXACT_GENERIC = ("inplace", "forbidden", "not_from_parts", "hardcoded", "timeout")  # messages that name the mistake


def _allowed_codes() -> set[str]:
    """Every code an answer key may give."""
    codes = {entry.code for entry in catalogue()}
    for exercise in exercise_names():
        names = (*EXACT_GENERIC, *(probe.value for probe in Probe), "-")
        codes |= {f"{exercise}/{name}" for name in names}
        pairs = combinations(for_exercise(exercise), 2)
        codes |= {f"{exercise}/{two_mistakes_id(first.id, second.id)}" for first, second in pairs}
    return codes


def _keyed_assignments():
    for folder, keys in SETS.items():
        for answers in sorted((TESTS / folder).iterdir()):
            if answers.is_dir():
                yield pytest.param(folder, keys, answers.name, id=f"{folder}/{answers.name}")


@pytest.mark.parametrize(("folder", "keys", "assignment"), list(_keyed_assignments()))
def test_every_independent_answer_is_keyed_once_with_codes_that_name_a_mistake(folder, keys, assignment):
    lines = (keys / f"{assignment}.tsv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "answer\tcodes\twhy"
    rows = [line.split("\t") for line in lines[1:] if line.strip()]
    answers = sorted(path.name for path in (TESTS / folder / assignment).glob("*.py"))
    assert sorted(row[0] for row in rows) == answers
    allowed = _allowed_codes()
    for answer, codes, why in rows:
        assert why, answer
        for code in codes.split("|"):
            assert code in allowed, (answer, code)


@pytest.mark.parametrize("folder", sorted({folder.partition("/")[0] for folder in SETS}))
def test_each_independent_set_says_how_it_was_made_and_that_it_is_frozen(folder):
    readme = (TESTS / folder / "README.md").read_text(encoding="utf-8")
    assert "2026-12-01" in readme and "frozen" in readme.lower()
