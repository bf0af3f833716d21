"""ch01 (손으로 정한 Q/K/V): the assignment grades what it promises, the hidden cases can tell every
catalogued misconception apart, and the lecture shows the numbers COURSE.md lists."""

from __future__ import annotations

import re

import pytest
import torch
from course_testing import FIXTURES, instructions, notebook_text_outputs, run_assignment

from autograder.course.authorship import SOFTMAX_NAMES
from autograder.course.context import ROOT
from autograder.course.notebook import read_notebook
from helpers import data, reference
from helpers.grading import hidden_cases
from helpers.grading.core import assignments, exercises
from helpers.misconceptions import for_exercise

ASSIGNMENT = "ch01_handmade_qkv"
LECTURE = ROOT / "notebooks" / "01_handmade_qkv.ipynb"
NAMES = ("dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention")
# ---------------------------------------------------------------- the grading specs
@pytest.mark.parametrize("name", NAMES)
def test_hidden_cases_cover_batch_dims_and_both_float_types(name):
    cases = hidden_cases(name)
    tensors = [case.args[0] for case in cases]
    assert {tensor.dtype for tensor in tensors} == {torch.float32, torch.float64}
    assert {tensor.dim() for tensor in tensors} >= {2, 3, 4}


def test_row_softmax_cases_hold_huge_scores_and_partly_minus_infinite_rows():
    scores = [case.args[0] for case in hidden_cases("row_softmax")]
    finite_max = [float(s[s.isfinite()].abs().max()) for s in scores]
    assert any(1000 <= value < 1e9 for value in finite_max)
    assert any(value >= 1e9 for value in finite_max)
    assert sum(bool(s.isneginf().any()) for s in scores) >= 3
    # a whole row of -inf is defined by the reference (uniform) but never taught: not graded
    assert not any(bool(s.isneginf().all(dim=-1).any()) for s in scores)


def test_reference_row_softmax_is_finite_and_gives_minus_infinity_no_weight():
    for case in hidden_cases("row_softmax"):
        scores = case.args[0]
        weights = reference.row_softmax(scores)
        assert bool(weights.isfinite().all()), case.label
        assert torch.allclose(weights.sum(dim=-1), torch.ones((), dtype=weights.dtype))
        assert bool((weights[scores.isneginf()] == 0).all())


def test_reference_row_softmax_turns_an_all_minus_infinity_row_uniform():
    weights = reference.row_softmax(torch.tensor([[float("-inf")] * 4, [0.0, 1.0, 2.0, 3.0]]))
    assert weights[0].tolist() == [0.25] * 4


def test_the_classic_wrong_answers_of_ch01_are_catalogued():
    codes = {entry.code for name in NAMES for entry in for_exercise(name)}
    assert {"dot_scores/no_transpose", "row_softmax/column_axis", "row_softmax/no_max_shift",
            "scale_scores/divide_by_dk"} <= codes


def test_a_library_softmax_costs_the_points_and_says_why():
    code = (FIXTURES / ASSIGNMENT / "wrong" / "row_softmax__forbidden.py").read_text(encoding="utf-8")
    result = run_assignment(ASSIGNMENT, {"row_softmax": code})["test_row_softmax"]
    assert result.points == 0
    assert "softmax를 직접(손으로) 구현해야 하는 문제입니다" in result.message


def _family(name: str) -> str:
    """A forbidden library name as the student meets it: special_logsumexp → logsumexp, LogSoftmax → log_softmax."""
    name = re.sub(r"(?<=[a-z])(?=[A-Z])", "_", name).lower().lstrip("_")
    return name.removeprefix("special_")


BY_HAND = [(assignment, name) for assignment, names in assignments().items() for name in names
           if exercises()[name].by_hand]


@pytest.mark.parametrize(("assignment", "name"), BY_HAND)
def test_by_hand_instructions_name_every_library_function_the_check_forbids(assignment, name):
    """A student must know before submitting: logsumexp, log_softmax and softmin cost the points too."""
    text = instructions(assignment, name)
    unnamed = sorted(family for family in map(_family, SOFTMAX_NAMES)
                     if not re.search(rf"(?<![\w]){family}(?![\w])", text))
    assert not unnamed, f"{name}: the instructions do not say that {unnamed} cost the points"


def test_a_row_softmax_through_logsumexp_costs_the_points_in_the_kernel_and_in_the_checker():
    code = ("def row_softmax(scores):\n"
            "    return torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))\n")
    for trusted in (False, True):
        result = run_assignment(ASSIGNMENT, {"row_softmax": code}, only={"test_row_softmax"},
                                trusted=trusted)["test_row_softmax"]
        assert result.points == 0 and "[진단: row_softmax/forbidden]" in result.message
        assert "logsumexp" in result.message


# ---------------------------------------------------------------- the lecture
def test_lecture_outputs_show_every_number_course_md_lists_for_ch01():
    outputs = notebook_text_outputs(LECTURE)
    for row in ("이불  0.0  2.0  0.0  1.0", "배송  4.0  0.0  0.0  0.0", "언제  0.0  4.0  0.0  2.0",
                "와요  0.0  2.0  0.0  1.0",  # 점수표
                "이불  0.12  0.51  0.12  0.25", "배송  0.85  0.05  0.05  0.05", "언제  0.04  0.73  0.04  0.18",
                "와요  0.12  0.51  0.12  0.25",  # 비율표
                "이불  0.25  1.26", "배송  1.70  0.15", "언제  0.09  1.65", "와요  0.25  1.26"):  # 섞은 결과
        assert row in outputs, row
    assert "0.73×2 + 0.18×1 ≈ 1.64" in outputs
    assert "섞은 결과 표의 (언제, 배송) = 1.65" in outputs
    assert "비율표의 줄이 같은가 : True" in outputs and "섞은 결과가 같은가   : True" in outputs


def test_lecture_numbers_agree_with_the_reference():
    Q, K, V = data.handmade_qkv()
    output, weights = reference.self_attention(Q, K, V)
    assert reference.dot_scores(Q, K).tolist() == [[0, 2, 0, 1], [4, 0, 0, 0], [0, 4, 0, 2], [0, 2, 0, 1]]
    assert weights[2].round(decimals=2).tolist() == pytest.approx([0.04, 0.73, 0.04, 0.18])
    assert output[2].round(decimals=2).tolist() == pytest.approx([0.09, 1.65])
    by_hand = (weights[2].round(decimals=2) * V[:, 1]).sum()
    assert round(float(by_hand), 2) == 1.64
    assert torch.equal(weights[0], weights[3]) and torch.equal(output[0], output[3])


def test_lecture_heatmaps_are_png_and_nothing_went_to_stderr():
    cells = read_notebook(LECTURE)["cells"]
    outputs = [output for cell in cells for output in cell.get("outputs", [])]
    assert any("image/png" in output.get("data", {}) for output in outputs)
    assert not any(output.get("name") == "stderr" for output in outputs)
    assert not any(output.get("output_type") == "error" for output in outputs)
