"""The verdict is one frozen value: its JSON reads back as the same value, and JSON it did not write is refused
(it travels through notebooks and files a student's kernel can write). grade_code returns it, with the wrong parts
of a composite as typed values."""

from __future__ import annotations

import json

import pytest
from course_testing import source_solutions

from helpers.grading.core import grade_code, hidden_cases
from helpers.grading.student import LocalFunction
from helpers.grading.verdict import (
    MAX_MESSAGE,
    CheckFailed,
    FailureKind,
    MalformedVerdict,
    Verdict,
    WrongPart,
)

VERDICTS = {
    "a pass": Verdict("dot_scores", checks_passed=("two_d", "batch_axes")),
    "a right composite on a wrong part": Verdict(
        "self_attention", message="self_attention 자체의 코드는 맞아서 …", checks_passed=("two_d", "batch_axes"),
        parts=(WrongPart("dot_scores", "dot_scores/no_transpose"), WrongPart("row_softmax", "row_softmax/no_exp"))),
    "a failure": Verdict("row_softmax", "row_softmax/셀_시간초과", "입력 2에서 기준과 다릅니다.\n둘째 줄",
                         FailureKind.JUDGED, checks_passed=("tidy",), checks_failed=("hard",)),
    "a lost kernel": Verdict("mix_values", "mix_values/kernel_died", "커널이 죽었습니다.", FailureKind.KERNEL_DIED),
}


@pytest.mark.parametrize("verdict", VERDICTS.values(), ids=VERDICTS.keys())
def test_a_verdict_reads_back_from_its_json_text_as_the_same_value(verdict):
    assert Verdict.from_json(json.loads(json.dumps(verdict.to_json()))) == verdict


def _with(**changes) -> dict:
    return {**VERDICTS["a right composite on a wrong part"].to_json(), **changes}


HOSTILE = {
    "not an object": ["self_attention"],
    "an extra key": _with(points=10),
    "a missing key": {key: value for key, value in _with().items() if key != "kind"},
    "an exercise that is not a name": _with(exercise="self_attention]"),
    "a code of another exercise": _with(code="dot_scores/mismatch", kind="judged"),
    "a code without its exercise": _with(code="mismatch", kind="judged"),
    "a code with a space": _with(code="self_attention/a b", kind="judged"),
    "a failure without a kind": _with(code="self_attention/mismatch"),
    "a pass with a kind": _with(kind="judged"),
    "a kind that is not a FailureKind": _with(code="self_attention/mismatch", kind="passed"),
    "a kind that is not a string": _with(code="self_attention/mismatch", kind=["judged"]),
    "a message that is not a string": _with(message=["통과"]),
    "a message past its bound": _with(message="가" * (MAX_MESSAGE + 1)),
    "parts that are not a list": _with(parts={"exercise": "dot_scores", "code": "dot_scores/x"}),
    "a part of another exercise's code": _with(parts=[{"exercise": "dot_scores", "code": "row_softmax/no_exp"}]),
    "a part with an extra key": _with(parts=[{"exercise": "dot_scores", "code": "dot_scores/x", "points": 2}]),
    "a thousand parts": _with(parts=[{"exercise": "dot_scores", "code": "dot_scores/x"}] * 1000),
    "checks that are not names": _with(checks_passed=[{"name": "reference"}]),
}


@pytest.mark.parametrize("data", HOSTILE.values(), ids=HOSTILE.keys())
def test_json_that_is_not_a_verdict_as_written_is_refused_saying_what_is_wrong(data):
    with pytest.raises(MalformedVerdict, match=r"^(verdict|exercise|code|kind|message|parts|part|checks_passed)"):
        Verdict.from_json(data)


def test_a_failed_check_carries_its_verdict_with_the_code_it_shows():
    failure = CheckFailed("dot_scores", "no_transpose", "K를 전치하지 않았습니다.")
    assert failure.verdict == Verdict("dot_scores", "dot_scores/no_transpose", "K를 전치하지 않았습니다.",
                                      FailureKind.JUDGED)
    assert str(failure).startswith("[진단: dot_scores/no_transpose]")


def _chapter_one(**answers: str) -> dict:
    namespace: dict = {}
    exec("import torch\n" + "\n".join({**source_solutions("ch01_handmade_qkv"), **answers}.values()),  # noqa: S102
         namespace)
    return namespace


ROUNDED_SCORES = "def dot_scores(Q, K):\n    return (Q @ K.transpose(-2, -1)).round()\n"


def test_grade_code_returns_a_right_composites_verdict_naming_its_wrong_part_once():
    namespace = _chapter_one(dot_scores=ROUNDED_SCORES)
    verdict = grade_code("self_attention", LocalFunction(namespace["self_attention"], "self_attention"),
                         hidden_cases("self_attention"))
    assert verdict.passed and verdict.checks_passed == ("two_d", "batch_axes")
    [part] = verdict.parts
    assert part.exercise == "dot_scores" and part.code.startswith("dot_scores/")
    assert f"[부품: self_attention → {part.code}]" in verdict.message


def test_grade_code_returns_a_plain_pass_for_a_right_answer():
    namespace = _chapter_one()
    verdict = grade_code("self_attention", LocalFunction(namespace["self_attention"], "self_attention"),
                         hidden_cases("self_attention"))
    assert verdict == Verdict("self_attention", checks_passed=("two_d", "batch_axes"))
