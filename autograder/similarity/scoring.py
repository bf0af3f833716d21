"""How alike two submissions are, exercise by exercise, with the evidence for it.

Fingerprints are copydetect's k-grams (the method behind MOSS), taken over three views of each solution cell:
- structure: copydetect's own normalisation (names, strings and comments replaced or dropped), which survives
  renaming and reformatting, but also matches two students who happened to write the same steps;
- names: the code's tokens as written, comments and spacing dropped: a copy that kept the names;
- words: the words of the comments, docstrings and strings (the messages of its errors): a copy that was renamed
  but kept its notes.
Per exercise and view:
- k, the length of a fingerprint, follows the exercise's reference solution (a short exercise gets short
  fingerprints; copydetect's default of 25 would see nothing in a one-line answer);
- every k-gram of the code the students were given (code.given_code) is removed first;
- a fingerprint many students of this class share is an idiom, not a copy: it weighs log(N/n)/log(N/2) (1 when at
  most two students have it, 0 when all N do).
A pair's evidence in an exercise is, summed over the views, the weight of the fingerprints both have times the
smaller share of either student's code they cover (copying covers a submission; a shared idiom does not). Then the
verdicts of the last grading (:data:`Mistakes`), of which only those the checker judged count (:func:`judged_code`:
a kernel that died or a call that timed out says nothing about what the code computes, so two students it happened
to made no shared mistake): both wrong with the same mistake the course has no name for multiplies it by
1 + log2(N/n) for the n students of the class with that judged code there (the rarer the shared mistake, the more
it counts; a catalogued misconception is one students make on their own, and counts as a shared answer); both wrong
in different ways multiplies it by DIFFERENT_MISTAKES (the two answers compute different things: what they share is
the frame).
A pair's score is its strongest exercise plus a quarter of the others: one exercise copied whole is strong
evidence, while small likenesses in every short exercise are what independent right answers have. Every pair is
compared (sets of integers), so time grows with the square of the class; benchmarks/similarity_scale.py prints it.
"""

from __future__ import annotations

import copy
import enum
import functools
import io
import math
from collections import Counter
from dataclasses import dataclass
from itertools import combinations

import numpy as np
from copydetect import CodeFingerprint, compare_files
from copydetect.utils import filter_code, highlight_overlap
from pygments import lexers, token

from helpers import misconceptions
from helpers.grading.verdict import FailureKind, Verdict
from helpers.misconceptions.probes import TWO_MISTAKES_SEPARATOR, Probe

WINDOW = 1  # every k-gram is a fingerprint: solutions are short, and winnowing's choice of the smallest hash in a
# window would hang on Python's string hashing, which differs from process to process
SHORTEST_K, LONGEST_K = 12, 25  # copydetect's own default k is 25
K_PER_SOLUTION = 1 / 4  # k as a share of the reference solution's normalised length
DIFFERENT_MISTAKES = 0.2
REST_SHARE = 0.25  # a pair's score: its strongest exercise, plus this share of the others


class View(enum.Enum):
    STRUCTURE = "structure"
    NAMES = "names"
    WORDS = "words"


K_SCALE = {View.STRUCTURE: 1, View.NAMES: 2, View.WORDS: 2}  # names and words are longer than normalised tokens
# how much a shared fingerprint of each view tells: short code written alike by two students happens, the same
# names for every local less often (and names are twice as long per token), the same sentences rarely
VIEW_WEIGHT = {View.STRUCTURE: 1.0, View.NAMES: 0.3, View.WORDS: 1.0}


@dataclass(frozen=True)
class ExerciseEvidence:
    """What two students share in one exercise."""

    exercise: str
    score: float
    shared_fingerprints: int  # in the structure view
    shares: tuple[float, float]  # the share of each student's own (not given) code the other has too (structure)
    views: tuple[str, ...] = ()  # the views with shared fingerprints
    shared_mistake: str = ""  # the judged diagnosis code both got, when both got it wrong the same way
    mistake_students: int = 0  # students of the class with that judged code in this exercise


@dataclass(frozen=True)
class PairEvidence:
    """Two students, how alike, and where."""

    first: str
    second: str
    score: float
    exercises: tuple[ExerciseEvidence, ...]  # only exercises with shared fingerprints, strongest first


@dataclass(frozen=True)
class Highlighted:
    """One exercise of a pair, both students' code as escaped HTML with the shared regions marked."""

    exercise: str
    first_html: str
    second_html: str


def fingerprint_length(reference_solution: str) -> int:
    """k (structure view) for an exercise: a share of its reference solution's normalised length, within bounds."""
    normalised, _ = filter_code(reference_solution, "solution.py", "python")
    return max(SHORTEST_K, min(LONGEST_K, round(len(normalised) * K_PER_SOLUTION)))


def view_text(code: str, view: View) -> str:
    """The text a view fingerprints: the code itself (structure: copydetect normalises it), its tokens as written
    without comments and spacing, or the words of its comments, docstrings and strings (an f-string's text without
    the names in its braces)."""
    if view is View.STRUCTURE:
        return code
    kept = []
    for kind, text in lexers.PythonLexer().get_tokens(code):
        is_words = kind in token.Comment or (kind in token.String and kind not in token.String.Interpol
                                                    and kind not in token.String.Affix)
        is_note = kind in token.Comment or kind in token.String.Doc
        if view is View.NAMES and not is_note and kind not in token.Text and not text.isspace():
            kept.append(text)
        elif view is View.WORDS and is_words and text.strip("#\"' \n"):
            kept.append(" ".join(text.strip("#\"' \n").split()))
    return ("" if view is View.NAMES else " ").join(kept)


def fingerprint(code: str, view: View, k: int, given: np.ndarray) -> CodeFingerprint:
    """copydetect's fingerprint of one view of `code`, without the `given` k-grams."""
    return CodeFingerprint("solution.py", k, WINDOW, boilerplate=given, language="python",
                           filter=view is View.STRUCTURE, fp=io.StringIO(view_text(code, view)))


@functools.lru_cache(maxsize=64)
def given_hashes(given_code: str, view: View, k: int) -> np.ndarray:
    """Every k-gram hash of one piece of given code's view (remembered: the lectures' code is given for every
    exercise)."""
    return np.array(sorted(fingerprint(given_code, view, k, np.array([])).hashes))


@dataclass
class ViewIndex:
    """One view of one exercise across the class: each student's fingerprint and how many students have each."""

    prints: dict[str, CodeFingerprint]
    counts: Counter
    class_size: int

    def weight(self, hash_value: int) -> float:
        students = self.counts[hash_value]
        if students <= 2 or self.class_size <= 2:
            return 1.0
        return max(0.0, math.log(self.class_size / students) / math.log(self.class_size / 2))

    def own_weight(self, student: str) -> float:
        return sum(self.weight(h) for h in self.prints[student].hashes)


@dataclass
class ExerciseIndex:
    """One exercise of the class, in every view."""

    exercise: str
    views: dict[View, ViewIndex]

    @property
    def students(self) -> set[str]:
        return set(self.views[View.STRUCTURE].prints)


def index_exercise(exercise: str, code_by_student: dict[str, str], reference_solution: str,
                   given_code: tuple[str, ...], class_size: int) -> ExerciseIndex:
    """Fingerprint every student's code for one exercise, in every view."""
    base_k = fingerprint_length(reference_solution)
    views = {}
    for view in View:
        k = base_k * K_SCALE[view]
        given = functools.reduce(np.union1d, (given_hashes(piece, view, k) for piece in given_code))
        prints = {student: fingerprint(code, view, k, given) for student, code in code_by_student.items()}
        views[view] = ViewIndex(prints, Counter(h for one in prints.values() for h in one.hashes), class_size)
    return ExerciseIndex(exercise, views)


def is_known_mistake(code: str) -> bool:
    """A diagnosis code the course knows students make on their own: a catalogued misconception (or two of them
    together) or a kind a probe names (helpers/misconceptions). Sharing one is no sign of copying; sharing an
    unnamed mistake (…/mismatch, …/error) is."""
    exercise, _, name = code.partition("/")
    catalogued = {entry.id for entry in misconceptions.for_exercise(exercise)} | {probe.value for probe in Probe}
    return all(part in catalogued for part in name.split(TWO_MISTAKES_SEPARATOR))


Mistakes = dict[str, dict[str, Verdict]]  # student → exercise → the verdict of its failed test cell


def judged_code(verdict: Verdict) -> str:
    """The diagnosis code of a verdict the checker judged (it ran the function and names what is wrong); "" for any
    other kind (the kernel died, the calls timed out, an answer it could not read, a cell's own error): that says
    nothing about what the code computes, even when two students' codes read alike (…/timeout)."""
    return verdict.code if verdict.kind is FailureKind.JUDGED else ""


def _judged(mistakes: Mistakes, student: str, exercise: str) -> str:
    """The judged diagnosis code of `student` in `exercise`, "" when there is none."""
    verdict = mistakes.get(student, {}).get(exercise)
    return judged_code(verdict) if verdict else ""


def mistake_counts(mistakes: Mistakes) -> Counter:
    """(exercise, judged code) → how many students of the class got it."""
    return Counter((exercise, code) for by_exercise in mistakes.values() for exercise, verdict in by_exercise.items()
                   if (code := judged_code(verdict)))


def _view_evidence(index: ViewIndex, first: str, second: str, own: dict) -> tuple[float, int, tuple[float, float]]:
    shared = index.prints[first].hashes & index.prints[second].hashes
    if not shared:
        return 0.0, 0, (0.0, 0.0)
    weight = sum(index.weight(h) for h in shared)
    shares = tuple(weight / own[s] if own[s] else 0.0 for s in (first, second))
    return weight * min(shares), len(shared), shares


def _mistake_factor(same: str, students_with: int, different: bool, class_size: int) -> float:
    """What the two students' diagnosis codes in an exercise do to its evidence."""
    if same and not is_known_mistake(same):
        return 1 + math.log2(class_size / students_with)  # the rarer in the class, the more it counts
    if different:
        return DIFFERENT_MISTAKES
    return 1.0


def score_pairs(indexes: list[ExerciseIndex], students: list[str], mistakes: Mistakes,
                class_size: int) -> list[PairEvidence]:
    """Every pair of `students` with any shared fingerprint, highest score first."""
    counted = mistake_counts(mistakes)
    own = {(index.exercise, view): {s: one.own_weight(s) for s in one.prints}
           for index in indexes for view, one in index.views.items()}
    pairs = []
    for first, second in combinations(sorted(students), 2):
        found = []
        for index in indexes:
            if not {first, second} <= index.students:
                continue
            evidence = {view: _view_evidence(one, first, second, own[(index.exercise, view)])
                        for view, one in index.views.items()}
            strength = sum(VIEW_WEIGHT[view] * value for view, (value, _, _) in evidence.items())
            if strength == 0:
                continue
            codes = (_judged(mistakes, first, index.exercise), _judged(mistakes, second, index.exercise))
            same = codes[0] if codes[0] and codes[0] == codes[1] else ""
            different = bool(codes[0] and codes[1] and codes[0] != codes[1])
            students_with = counted[(index.exercise, same)] if same else 0
            factor = _mistake_factor(same, students_with, different, class_size)
            _, shared_count, shares = evidence[View.STRUCTURE]
            found.append(ExerciseEvidence(index.exercise, strength * factor, shared_count, shares,
                                          tuple(view.value for view, (value, _, _) in evidence.items() if value),
                                          same, students_with))
        if found:
            found.sort(key=lambda e: -e.score)
            pairs.append(PairEvidence(first, second, found[0].score + REST_SHARE * sum(e.score for e in found[1:]),
                                      tuple(found)))
    pairs.sort(key=lambda pair: (-pair.score, pair.first, pair.second))
    return pairs


def highlight(index: ExerciseIndex, first: str, second: str) -> Highlighted:
    """Both students' code for one exercise as escaped HTML, the structure fingerprints they share (and not the
    whole class has) marked with <mark>."""
    structure = index.views[View.STRUCTURE]
    a, b = structure.prints[first], structure.prints[second]
    shared = {h for h in a.hashes & b.hashes if structure.weight(h) > 0}
    marked = []
    for one in (a, b):
        restricted = copy.copy(one)
        restricted.hashes = shared
        marked.append(restricted)
    _, _, (slices_a, slices_b) = compare_files(marked[0], marked[1])
    return Highlighted(index.exercise, _marked(a.raw_code, slices_a), _marked(b.raw_code, slices_b))


def _marked(code: str, slices: np.ndarray) -> str:
    if len(slices) == 0 or slices.shape[-1] == 0:
        return highlight_overlap(code, np.array([[0], [0]]), "", "", escape_html=True)[0]
    return highlight_overlap(code, slices.astype(int), "<mark>", "</mark>", escape_html=True)[0]
