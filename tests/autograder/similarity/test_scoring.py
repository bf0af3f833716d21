"""What the last grading's verdicts do to a pair's evidence, without a kernel: only a mistake the checker judged is a
shared mistake; a kernel that died or a call that timed out in both submissions is not."""

from __future__ import annotations

import pytest

from autograder.similarity import scoring
from helpers.grading.verdict import FailureKind, Verdict

EXERCISE = "dot_scores"
UNNAMED = f"{EXERCISE}/mismatch"  # a mistake the course has no name for: sharing it is evidence
REFERENCE = "def dot_scores(Q, K):\n    return Q @ K.transpose(-2, -1)\n"
COPIED = ("def dot_scores(Q, K):\n    rows = []\n    for q in Q:\n        row = [float((q * k).sum()) for k in K]\n"
          "        rows.append(row)\n    return torch.tensor(rows).round()\n")
CLASS = {"a": COPIED, "b": COPIED,
         "c": "def dot_scores(Q, K):\n    return torch.einsum('id,jd->ij', Q, K)\n",
         "d": "def dot_scores(Q, K):\n    return torch.matmul(Q, K.T)\n"}
NOT_JUDGED = [kind for kind in FailureKind if kind is not FailureKind.JUDGED]


@pytest.fixture(scope="module")
def index() -> scoring.ExerciseIndex:
    """The class's one exercise, fingerprinted: a and b handed in the same code."""
    return scoring.index_exercise(EXERCISE, CLASS, REFERENCE, ("import torch\n",), len(CLASS))


def _copied_pair(index: scoring.ExerciseIndex, mistakes: scoring.Mistakes) -> scoring.ExerciseEvidence:
    pairs = scoring.score_pairs([index], sorted(CLASS), mistakes, len(CLASS))
    [pair] = [pair for pair in pairs if (pair.first, pair.second) == ("a", "b")]
    return pair.exercises[0]


def _failed(code: str, kind: FailureKind) -> Verdict:
    return Verdict(EXERCISE, code, "기준과 다릅니다.", kind)


def test_two_students_sharing_an_unnamed_judged_mistake_get_the_rare_mistake_factor(index):
    plain = _copied_pair(index, {})
    judged = _failed(UNNAMED, FailureKind.JUDGED)
    evidence = _copied_pair(index, {"a": {EXERCISE: judged}, "b": {EXERCISE: judged}})
    assert (evidence.shared_mistake, evidence.mistake_students) == (UNNAMED, 2)
    assert evidence.score == pytest.approx(plain.score * 2)  # 1 + log2(4 students / 2 with the code)


@pytest.mark.parametrize("kind", NOT_JUDGED, ids=lambda kind: kind.value)
def test_two_students_whose_grading_failed_alike_share_no_mistake(index, kind):
    plain = _copied_pair(index, {})
    lost = _failed(f"{EXERCISE}/timeout", kind)  # the code a judged timeout has too
    evidence = _copied_pair(index, {"a": {EXERCISE: lost}, "b": {EXERCISE: lost}})
    assert (evidence.shared_mistake, evidence.mistake_students) == ("", 0)
    assert evidence.score == pytest.approx(plain.score)


@pytest.mark.parametrize("kind", NOT_JUDGED, ids=lambda kind: kind.value)
def test_a_judged_mistake_beside_a_failed_grading_is_not_a_different_mistake(index, kind):
    plain = _copied_pair(index, {})
    mistakes = {"a": {EXERCISE: _failed(UNNAMED, FailureKind.JUDGED)}, "b": {EXERCISE: _failed(UNNAMED, kind)}}
    assert _copied_pair(index, mistakes).score == pytest.approx(plain.score)  # not the DIFFERENT_MISTAKES share


def test_the_count_of_students_with_a_code_ignores_verdicts_the_checker_did_not_judge():
    mistakes = {"a": {EXERCISE: _failed(UNNAMED, FailureKind.JUDGED)},
                "b": {EXERCISE: _failed(UNNAMED, FailureKind.KERNEL_DIED)},
                "c": {EXERCISE: _failed(f"{EXERCISE}/timeout", FailureKind.TIMED_OUT)}}
    assert scoring.mistake_counts(mistakes) == {(EXERCISE, UNNAMED): 1}
