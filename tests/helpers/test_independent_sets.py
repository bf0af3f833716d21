"""The frozen sets of independent wrong answers and their answer keys (benchmarks/diagnosis_coverage.py).

Each key, tests/independent_key/[heldout/|blind{,2,3,…}/<half>/]<assignment>.tsv, lists every answer of its set
once, with the codes that name its mistake: a catalogued misconception, a probe kind of
helpers/misconceptions/probes.py, two catalogued mistakes found together or one with a constant factor, a generic
code whose message says the mistake exactly, or ``<exercise>/-`` for a mistake nothing names yet. A blind set's
test half awaiting its one-time measurement (issue #46, answer_sets.BLIND_TEST): these tests list its files' names
and never read them.
"""

from __future__ import annotations

import re
from itertools import combinations

import pytest
from answer_sets import EVERY_SET, KEY_HEADER, key_rows

from helpers.grading import exercise_names
from helpers.misconceptions import catalogue, for_exercise
from helpers.misconceptions.probes import Probe, two_mistakes_id

EXACT_GENERIC = ("inplace", "forbidden", "not_from_parts", "hardcoded", "timeout")  # messages that name the mistake


def _allowed_codes() -> set[str]:
    """Every code an answer key may give."""
    codes = {entry.code for entry in catalogue()}
    for exercise in exercise_names():
        names = (*EXACT_GENERIC, *(probe.value for probe in Probe), "-")
        codes |= {f"{exercise}/{name}" for name in names}
        pairs = combinations(for_exercise(exercise), 2)
        codes |= {f"{exercise}/{two_mistakes_id(first.id, second.id)}" for first, second in pairs}
        codes |= {f"{exercise}/{two_mistakes_id(entry.id, Probe.CONSTANT_FACTOR.value)}"
                  for entry in for_exercise(exercise)}
    return codes


def _keyed_assignments():
    for answer_set in EVERY_SET:
        for answers in sorted(answer_set.answers.iterdir()):
            if answers.is_dir():
                yield pytest.param(answer_set, answers.name, id=f"{answer_set.answers.name}/{answers.name}")


@pytest.mark.parametrize(("answer_set", "assignment"), list(_keyed_assignments()))
def test_every_independent_answer_is_keyed_once_with_codes_that_name_a_mistake(answer_set, assignment):
    table = answer_set.keys / f"{assignment}.tsv"
    assert table.read_text(encoding="utf-8").splitlines()[0] == KEY_HEADER
    rows = key_rows(table)
    answers = sorted(path.name for path in (answer_set.answers / assignment).glob("*.py"))
    assert sorted(row.answer for row in rows) == answers
    allowed = _allowed_codes()
    for row in rows:
        assert row.why, row.answer
        assert row.codes <= allowed, (row.answer, row.codes - allowed)


@pytest.mark.parametrize("readme", sorted({answer_set.readme for answer_set in EVERY_SET}),
                         ids=lambda path: path.parent.name)
def test_each_independent_set_says_how_it_was_made_and_that_it_is_frozen(readme):
    text = readme.read_text(encoding="utf-8")
    assert re.search(r"\d{4}-\d{2}-\d{2}", text) and "frozen" in text.lower()
