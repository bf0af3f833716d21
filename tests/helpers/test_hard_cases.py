"""The hard cases (Case.hard) are where a numerically fragile answer goes wrong, and the only cases where it does.

Where a lecture teaches the stable way to compute something (the row max subtracted before exp, a finite -1e9 for
hidden keys, 0·ln 0 = 0, the variance as the mean of (x − mean)²), the exercise's cases hold inputs where the naive
formula breaks, and those are marked hard. The naive formulas must be right on every other case (so a fragile answer
can be told from a wrong one), and between them wrong on every hard case the public seed draws; stable answers
written in other ways, and the reference, are right on the hard cases too.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from course_testing import instructions

from autograder.course.context import ROOT
from autograder.course.notebook import cell_source, read_notebook
from helpers.chapters import POINTER_PATTERN
from helpers.grading import check, exercise_names, hidden_cases
from helpers.grading.core import assignments, exercises, grade_code
from helpers.grading.spec import Case
from helpers.grading.student import LocalFunction
from helpers.grading.verdict import CheckFailed

MASK_FILL = -1e9


# ---------------------------------------------------------------- naive formulas, each right on tidy numbers
def _exp_over_sum(scores: torch.Tensor) -> torch.Tensor:
    """softmax without the row max subtracted."""
    exps = torch.exp(scores)
    return exps / exps.sum(dim=-1, keepdim=True)


def _naive_softmax_1d(x):
    exps = np.exp(x)
    return exps / exps.sum()


def _naive_compare_scaling(q, keys):
    scores = keys @ q
    return scores, _naive_softmax_1d(scores), _naive_softmax_1d(scores / np.sqrt(q.shape[0]))


def _attention(q, k, v, keep, fill: float, softmax):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    hidden = torch.zeros((), dtype=torch.bool) if keep is None else keep == 0
    weights = softmax(torch.where(hidden, fill, scores))
    return weights @ v, weights


def _torch_softmax(scores: torch.Tensor) -> torch.Tensor:
    return torch.softmax(scores, dim=-1)


def _naive_masked_attention(q, k, v, keep=None):
    return _attention(q, k, v, keep, MASK_FILL, _exp_over_sum)


def _minus_inf_masked_attention(q, k, v, keep=None):
    return _attention(q, k, v, keep, float("-inf"), _torch_softmax)


def _multi_head(q, k, v, W_q, W_k, W_v, W_o, heads, keep, fill: float, softmax):
    def split(x):
        return x.unflatten(-1, (heads, -1)).transpose(1, 2)  # [B, h, S, d_k]

    per_head, weights = _attention(split(q @ W_q), split(k @ W_k), split(v @ W_v), keep, fill, softmax)
    return per_head.transpose(1, 2).flatten(-2) @ W_o, weights


def _naive_multi_head_attention(q, k, v, W_q, W_k, W_v, W_o, heads, keep=None):
    return _multi_head(q, k, v, W_q, W_k, W_v, W_o, heads, keep, MASK_FILL, _exp_over_sum)


def _minus_inf_multi_head_attention(q, k, v, W_q, W_k, W_v, W_o, heads, keep=None):
    return _multi_head(q, k, v, W_q, W_k, W_v, W_o, heads, keep, float("-inf"), _torch_softmax)


def _naive_row_entropy(weights):
    return -(weights * torch.log(weights)).sum(dim=-1)


def _naive_layer_norm(x, gamma, beta, eps=1e-5):
    """The variance as E[x²] − E[x]²: the difference of two nearly equal numbers when the mean is large."""
    mean = x.mean(dim=-1, keepdim=True)
    variance = (x * x).mean(dim=-1, keepdim=True) - mean * mean
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _naive_add_and_norm(x, sublayer_output, gamma, beta, eps=1e-5):
    return _naive_layer_norm(x + sublayer_output, gamma, beta, eps)


NAIVE = {  # exercise → its naive formulas: right on tidy numbers, and between them wrong on every hard case
    "row_softmax": [_exp_over_sum],
    "softmax_1d": [_naive_softmax_1d],
    "compare_scaling": [_naive_compare_scaling],
    "masked_attention": [_naive_masked_attention, _minus_inf_masked_attention],
    "row_entropy": [_naive_row_entropy],
    "multi_head_attention": [_naive_multi_head_attention, _minus_inf_multi_head_attention],
    "layer_norm": [_naive_layer_norm],
    "add_and_norm": [_naive_add_and_norm],
}
NAIVE_FORMULAS = [pytest.param(name, formula, id=f"{name}-{formula.__name__}")
                  for name, formulas in NAIVE.items() for formula in formulas]

# Where each lecture teaches the stable way: the exercise text points there before the student submits.
STABLE_WAY_TAUGHT = {
    "row_softmax": "1강 01_handmade_qkv §3단계 · 비율표",
    "softmax_1d": "2강 02_scaling_experiment §B. 같은 점수를 softmax에 넣으면",
    "compare_scaling": "2강 02_scaling_experiment §B. 같은 점수를 softmax에 넣으면",
    "masked_attention": "3강 03_padding_mask §6. 마스크 없이, 마스크와 함께",
    "row_entropy": "4강 04_random_weights §8. 쏠림 재기",
    "multi_head_attention": "5강 05_multi_head §9. torch.nn.MultiheadAttention과 견주기",
    "layer_norm": "6강 06_encoder_block §1. LayerNorm 손으로",
    "add_and_norm": "6강 06_encoder_block §1. LayerNorm 손으로",
}


# ---------------------------------------------------------------- stable answers written other ways
def _layer_norm_by_torch(x, gamma, beta, eps=1e-5):
    return F.layer_norm(x, x.shape[-1:], gamma, beta, eps)


def _layer_norm_by_var_mean(x, gamma, beta, eps=1e-5):
    variance, mean = torch.var_mean(x, dim=-1, keepdim=True, correction=0)
    return gamma * (x - mean) / torch.sqrt(variance + eps) + beta


def _layer_norm_in_numpy(x, gamma, beta, eps=1e-5):
    array = x.numpy()
    centred = array - array.mean(axis=-1, keepdims=True)
    normalised = centred / np.sqrt((centred**2).mean(axis=-1, keepdims=True) + eps)
    return torch.from_numpy(gamma.numpy() * normalised + beta.numpy())


def _layer_norm_in_float64(x, gamma, beta, eps=1e-5):
    return _layer_norm_by_torch(x.double(), gamma.double(), beta.double(), eps).to(x.dtype)


def _add_and_norm_by_torch(x, sublayer_output, gamma, beta, eps=1e-5):
    return _layer_norm_by_torch(x + sublayer_output, gamma, beta, eps)


def _add_and_norm_in_float64(x, sublayer_output, gamma, beta, eps=1e-5):
    summed = x.double() + sublayer_output.double()
    return _layer_norm_by_torch(summed, gamma.double(), beta.double(), eps).to(x.dtype)


def _masked_attention_by_torch_softmax(q, k, v, keep=None):
    return _attention(q, k, v, keep, MASK_FILL, _torch_softmax)


STABLE = [
    ("layer_norm", _layer_norm_by_torch), ("layer_norm", _layer_norm_by_var_mean),
    ("layer_norm", _layer_norm_in_numpy), ("layer_norm", _layer_norm_in_float64),
    ("add_and_norm", _add_and_norm_by_torch), ("add_and_norm", _add_and_norm_in_float64),
    ("masked_attention", _masked_attention_by_torch_softmax),
]


# ---------------------------------------------------------------- helpers
def _all_cases(name: str) -> list[Case]:
    """The lecture's examples (what Validate grades) and the hidden cases, without those that must raise."""
    examples = exercises()[name].example()
    examples = list(examples) if isinstance(examples, list | tuple) else [examples]
    return [case for case in examples + hidden_cases(name) if case.raises is None]


def _passes(name: str, function, case: Case) -> bool:
    """Whether the grader accepts `function` on `case` alone."""
    try:
        grade_code(name, LocalFunction(function, name), [case])
    except CheckFailed:
        return False
    return True


def _lecture_headings(lecture: str) -> list[str]:
    notebook = read_notebook(ROOT / "notebooks" / f"{lecture}.ipynb")
    lines = [line for cell in notebook["cells"] if cell["cell_type"] == "markdown"
             for line in cell_source(cell).splitlines() if line.startswith("#")]
    return [line.lstrip("#").strip().replace("`", "") for line in lines]


# ---------------------------------------------------------------- the tests
def test_only_exercises_whose_lecture_teaches_a_stable_way_have_hard_cases():
    with_hard = {name for name in exercise_names() if any(case.hard for case in _all_cases(name))}
    assert with_hard == set(NAIVE)


@pytest.mark.parametrize(("name", "formula"), NAIVE_FORMULAS)
def test_a_naive_formula_is_right_on_every_case_that_is_not_hard(name, formula):
    wrong = [case.label for case in _all_cases(name) if not case.hard and not _passes(name, formula, case)]
    assert not wrong


@pytest.mark.parametrize("name", list(NAIVE))
def test_every_hard_case_is_failed_by_a_naive_formula(name):
    hard = [case for case in _all_cases(name) if case.hard]
    assert hard
    passed_by_all = [case.label for case in hard if all(_passes(name, formula, case) for formula in NAIVE[name])]
    assert not passed_by_all


@pytest.mark.parametrize(("name", "formula"), NAIVE_FORMULAS)
def test_a_naive_formula_loses_the_points_of_the_hidden_check(name, formula):
    with pytest.raises(AssertionError, match=rf"^\[진단: {name}/"):
        check(name, formula)


@pytest.mark.parametrize(("name", "answer"), STABLE, ids=[f"{name}-{answer.__name__}" for name, answer in STABLE])
def test_a_stable_answer_written_another_way_passes_the_hard_cases(name, answer):
    wrong = [case.label for case in _all_cases(name) if case.hard and not _passes(name, answer, case)]
    assert not wrong


@pytest.mark.parametrize("name", list(NAIVE))
def test_the_reference_passes_the_hard_cases(name, monkeypatch):
    import helpers.grading.student as student

    monkeypatch.setattr(student, "reference_files", frozenset)  # a submission may not call it; this test does
    hard = [case for case in _all_cases(name) if case.hard]
    grade_code(name, LocalFunction(exercises()[name].reference, name), hard)


@pytest.mark.parametrize("name", list(NAIVE))
def test_the_exercise_text_says_the_hidden_tests_hold_hard_inputs_and_where_the_stable_way_is_taught(name):
    assignment = next(assignment for assignment, names in assignments().items() if name in names)
    pointer = STABLE_WAY_TAUGHT[name]
    assert pointer in instructions(assignment, name)
    lecture, heading = POINTER_PATTERN.match(pointer).groups()
    assert any(line.startswith(heading.strip()) for line in _lecture_headings(lecture)), pointer
