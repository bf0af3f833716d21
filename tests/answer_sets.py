"""The frozen sets of independent wrong answers and their answer keys: where each lives and how a key reads,
for benchmarks/diagnosis_coverage.py and tests/helpers/test_independent_sets.py.

A key is one table per assignment, <keys>/<assignment>.tsv, with the columns answer (a file name of the set's
<assignment>/ folder), codes (separated by |) and why.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

TESTS = Path(__file__).resolve().parent
KEYS = TESTS / "independent_key"
KEY_HEADER = "answer\tcodes\twhy"


@dataclass(frozen=True)
class AnswerSet:
    """A frozen set of independent wrong answers, the folder of its answer keys and the README that freezes it."""

    title: str
    answers: Path  # <assignment>/<exercise>__<slug>.py
    keys: Path  # <assignment>.tsv
    readme: Path


@dataclass(frozen=True)
class KeyRow:
    """One answer of a key: its file name, the codes that name its mistake, and why."""

    answer: str
    codes: frozenset[str]
    why: str


BLIND = TESTS / "independent_wrong_blind"
BLIND2 = TESTS / "independent_wrong_blind2"
BLIND3 = TESTS / "independent_wrong_blind3"
BLIND4 = TESTS / "independent_wrong_blind4"
BLIND5 = TESTS / "independent_wrong_blind5"
BLIND6 = TESTS / "independent_wrong_blind6"
BLIND7 = TESTS / "independent_wrong_blind7"
BLIND8 = TESTS / "independent_wrong_blind8"
INDEPENDENT = (  # the sets the similarity review's test class is built from (tests/similarity_class.py)
    AnswerSet("independent set", TESTS / "independent_wrong", KEYS, TESTS / "independent_wrong" / "README.md"),
    AnswerSet("held-out independent set", TESTS / "independent_wrong_heldout", KEYS / "heldout",
              TESTS / "independent_wrong_heldout" / "README.md"),
    AnswerSet("blind set, tuning half", BLIND / "tuning", KEYS / "blind" / "tuning", BLIND / "README.md"),
)
MEASURED = (  # every set the coverage benchmark measures by default
    *INDEPENDENT,
    AnswerSet("blind set, test half (measured once on 2026-12-02, no longer blind)", BLIND / "test",
              KEYS / "blind" / "test", BLIND / "README.md"),
    AnswerSet("second blind set, tuning half", BLIND2 / "tuning", KEYS / "blind2" / "tuning", BLIND2 / "README.md"),
    AnswerSet("second blind set, test half (measured once on 2026-12-02, no longer blind)", BLIND2 / "test",
              KEYS / "blind2" / "test", BLIND2 / "README.md"),
    AnswerSet("third blind set, tuning half", BLIND3 / "tuning", KEYS / "blind3" / "tuning", BLIND3 / "README.md"),
    AnswerSet("third blind set, test half (measured once on 2026-12-05, no longer blind)", BLIND3 / "test",
              KEYS / "blind3" / "test", BLIND3 / "README.md"),
    AnswerSet("fourth blind set, tuning half", BLIND4 / "tuning", KEYS / "blind4" / "tuning", BLIND4 / "README.md"),
    AnswerSet("fourth blind set, test half (measured once on 2026-12-05, no longer blind)", BLIND4 / "test",
              KEYS / "blind4" / "test", BLIND4 / "README.md"),
    AnswerSet("fifth blind set, tuning half", BLIND5 / "tuning", KEYS / "blind5" / "tuning", BLIND5 / "README.md"),
    AnswerSet("fifth blind set, test half (measured once on 2026-12-06, no longer blind)", BLIND5 / "test",
              KEYS / "blind5" / "test", BLIND5 / "README.md"),
    AnswerSet("sixth blind set, tuning half", BLIND6 / "tuning", KEYS / "blind6" / "tuning", BLIND6 / "README.md"),
    AnswerSet("sixth blind set, test half (measured once on 2026-12-07, no longer blind)", BLIND6 / "test",
              KEYS / "blind6" / "test", BLIND6 / "README.md"),
    AnswerSet("seventh blind set, tuning half", BLIND7 / "tuning", KEYS / "blind7" / "tuning", BLIND7 / "README.md"),
    AnswerSet("seventh blind set, test half (measured once on 2026-12-07, no longer blind)", BLIND7 / "test",
              KEYS / "blind7" / "test", BLIND7 / "README.md"),
    AnswerSet("eighth blind set, tuning half", BLIND8 / "tuning", KEYS / "blind8" / "tuning", BLIND8 / "README.md"),
)
# The one-time measurement of issue #46 item 6, when a blind set's test half awaits it: its answers are listed by name,
# never read before; its key is written from its labels and the catalogue after the tuning is committed, before any
# verdict. None while no test half awaits: the set is registered here once its key exists, and is then in EVERY_SET
# and measured by diagnosis_coverage.py --blind-test. Now the eighth set's test half: its key was written from the test
# rows of its labels.tsv and the catalogue after the tuning on the seventh set's test half and the eighth's tuning half
# was committed, before any verdict, without opening any of its answer files.
BLIND_TEST: AnswerSet | None = AnswerSet(
    "eighth blind set, test half (issue #46's one-time measurement)", BLIND8 / "test", KEYS / "blind8" / "test",
    BLIND8 / "README.md")
EVERY_SET = (*MEASURED, *((BLIND_TEST,) if BLIND_TEST else ()))  # every set once


def key_rows(table: Path) -> list[KeyRow]:
    """The rows of one key table, below its header."""
    rows = []
    for line in table.read_text(encoding="utf-8").splitlines()[1:]:
        if line.strip():
            answer, codes, why = line.split("\t")
            rows.append(KeyRow(answer, frozenset(codes.split("|")), why))
    return rows


def answer_key(folder: Path) -> dict[str, frozenset[str]]:
    """'<assignment>/<file>' → the codes that name its mistake, over every table of `folder`."""
    return {f"{table.stem}/{row.answer}": row.codes
            for table in sorted(folder.glob("*.tsv")) for row in key_rows(table)}
