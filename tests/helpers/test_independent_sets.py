"""The two frozen sets of independent wrong answers and their answer keys (benchmarks/diagnosis_coverage.py).

Each key, tests/independent_key/[heldout/]<assignment>.tsv, lists every answer of its set once, with the
codes that name its mistake: a catalogued misconception, a generic code whose message says the mistake
exactly, or (held-out set only) ``<exercise>/-`` for a mistake the catalogue does not hold yet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.grading import exercise_names
from helpers.misconceptions import catalogue

TESTS = Path(__file__).resolve().parents[1]
SETS = {"independent_wrong": TESTS / "independent_key",  # the set → the folder of its answer keys
        "independent_wrong_heldout": TESTS / "independent_key" / "heldout"}
EXACT_GENERIC = ("inplace", "forbidden", "not_from_parts", "hardcoded", "timeout")  # messages that name the mistake


def _keyed_assignments():
    for folder, keys in SETS.items():
        for answers in sorted((TESTS / folder).iterdir()):
            if answers.is_dir():
                yield pytest.param(folder, keys, answers.name, id=f"{folder}/{answers.name}")


@pytest.mark.parametrize(("folder", "keys", "assignment"), list(_keyed_assignments()))
def test_every_independent_answer_is_keyed_once_with_codes_that_name_a_mistake(folder, keys, assignment):
    key = keys / f"{assignment}.tsv"
    if folder == "independent_wrong_heldout" and not key.exists():
        pytest.skip("the held-out set is not keyed yet")
    lines = key.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "answer\tcodes\twhy"
    rows = [line.split("\t") for line in lines[1:] if line.strip()]
    answers = sorted(path.name for path in (TESTS / folder / assignment).glob("*.py"))
    assert sorted(row[0] for row in rows) == answers
    catalogued = {entry.code for entry in catalogue()}
    exercises = set(exercise_names())
    for answer, codes, why in rows:
        assert why, answer
        for code in codes.split("|"):
            exercise, _, name = code.partition("/")
            allowed = code in catalogued or (exercise in exercises and name in EXACT_GENERIC)
            not_yet = folder == "independent_wrong_heldout" and exercise in exercises and name == "-"
            assert allowed or not_yet, (answer, code)


@pytest.mark.parametrize("folder", list(SETS))
def test_each_independent_set_says_how_it_was_made_and_that_it_is_frozen(folder):
    readme = (TESTS / folder / "README.md").read_text(encoding="utf-8")
    assert "2026-12-01" in readme and "frozen" in readme.lower()
