"""ch04 (실제 모델처럼: 난수 가중치): the assignment, its hidden checks, its misconceptions, the lecture."""

from __future__ import annotations

import copy
import math

import pytest
import torch
from course_testing import notebook_text_outputs

from helpers import data, reference
from helpers.grading import guard, hidden_cases
from helpers.misconceptions import ch04 as catalogue
from helpers.paths import ROOT

ASSIGNMENT = "ch04_random_weights"
EXERCISES = ("project_qkv", "score_magnitude", "row_entropy", "scaled_init")
LECTURE = ROOT / "notebooks" / "04_random_weights.ipynb"


# ---------------------------------------------------------------- the assignment
# ---------------------------------------------------------------- the catalogue and its fixtures
def test_the_classic_wrong_answers_of_ch04_are_catalogued():
    ids = {entry.code for entry in catalogue.MISCONCEPTIONS}
    assert {"row_entropy/log2", "row_entropy/nan_on_zero", "scaled_init/divide_by_d_in",
            "project_qkv/same_weight", "project_qkv/value_with_wk", "score_magnitude/abs_of_mean",
            "scaled_init/ignores_generator"} <= ids
    for name in EXERCISES:
        assert sum(entry.exercise == name for entry in catalogue.MISCONCEPTIONS) >= 2




# ---------------------------------------------------------------- the hidden cases
def test_project_qkv_cases_have_batch_dims_float64_square_and_unequal_widths():
    cases = hidden_cases("project_qkv")
    X_shapes = [case.args[0].shape for case in cases]
    assert any(len(shape) == 2 for shape in X_shapes) and any(len(shape) >= 4 for shape in X_shapes)
    assert any(case.args[0].dtype == torch.float64 for case in cases)
    assert any(all(W.shape[0] == W.shape[1] for W in case.args[1:]) for case in cases)
    assert any(case.args[1].shape[1] != case.args[3].shape[1] for case in cases)


def test_row_entropy_cases_hold_exact_zeros_one_hot_rows_and_float64():
    cases = hidden_cases("row_entropy")
    weights = [case.args[0] for case in cases]
    assert sum(bool((w == 0).any()) for w in weights) >= 5
    assert any(bool((w == 1).any()) for w in weights)
    assert any(w.dtype == torch.float64 for w in weights) and any(w.dim() >= 4 for w in weights)
    for w in weights:
        torch.testing.assert_close(w.sum(dim=-1), torch.ones(w.shape[:-1], dtype=w.dtype))


def test_scaled_init_cases_pass_their_own_seeded_generator_or_seed_the_global_state_and_include_rectangles():
    cases = hidden_cases("scaled_init")
    given = [case for case in cases if len(case.args) == 3]
    left_out = [case for case in cases if len(case.args) == 2]  # generator=None: torch's global random state
    assert all(isinstance(case.args[2], torch.Generator) and case.global_seed is None for case in given)
    assert left_out and all(case.global_seed is not None for case in left_out)
    first_draws = {float(torch.randn(1, generator=copy.deepcopy(case.args[2]))) for case in given}
    assert len(first_draws) == len(given)
    assert sum(case.args[0] != case.args[1] for case in cases) >= 5


def test_a_function_that_ignores_its_generator_draws_the_same_numbers_on_every_call_of_a_case():
    """Each copy of a case's generator also seeds the global generator: the ignoring function is repeatable (so the
    catalogue can name it), differs from the reference, and a right function is not affected."""
    entry = next(entry for entry in catalogue.MISCONCEPTIONS if entry.id == "ignores_generator")
    for case in hidden_cases("scaled_init")[:4]:
        first, second = case.call(entry.variant), case.call(entry.variant)
        torch.randn(3)  # whatever the global generator did in between
        third = case.call(entry.variant)
        assert torch.equal(first, second) and torch.equal(first, third)
        assert not torch.allclose(first, case.call(reference.scaled_init))
        run = guard.call_student(entry.variant, case.args, case.kwargs, time_limit=10.0, by_hand=False,
                                 reference_files=frozenset())
        assert torch.equal(run.value, first)


def test_each_call_draws_from_its_own_copy_of_the_generator_and_drawing_is_no_inplace_change():
    case = hidden_cases("scaled_init")[0]
    assert torch.equal(case.call(reference.scaled_init), case.call(reference.scaled_init))
    run = guard.call_student(reference.scaled_init, case.args, case.kwargs, time_limit=10.0, by_hand=False,
                             reference_files=frozenset())
    assert run.error is None and run.modified_input is None


# ---------------------------------------------------------------- the reference's edge cases
def test_row_entropy_gives_zero_for_exact_zeros_and_ones_never_nan():
    rows = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0], [0.5, 0.5, 0.0, 0.0]])
    entropy = reference.row_entropy(rows)
    assert not entropy.isnan().any()
    torch.testing.assert_close(entropy, torch.tensor([0.0, 0.0, math.log(2)]))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_row_entropy_lies_between_zero_and_ln_s_and_keeps_batch_dims(dtype):
    scores = 30 * torch.randn(2, 3, 5, 6, generator=torch.Generator().manual_seed(0), dtype=dtype)
    weights = scores.softmax(dim=-1)  # saturated rows: many entries underflow to exactly 0
    entropy = reference.row_entropy(weights)
    assert entropy.shape == (2, 3, 5) and entropy.dtype == dtype
    assert torch.isfinite(entropy).all()
    assert (entropy >= -1e-6).all() and (entropy <= math.log(6) + 1e-6).all()
    uniform = torch.full((4, 6), 1 / 6, dtype=dtype)
    torch.testing.assert_close(reference.row_entropy(uniform), torch.full((4,), math.log(6), dtype=dtype))


def test_score_magnitude_returns_python_floats_whose_ratio_is_sqrt_d_k():
    generator = torch.Generator().manual_seed(0)
    Q, K = torch.randn(2, 5, 16, generator=generator), torch.randn(2, 3, 16, generator=generator)
    before, after = reference.score_magnitude(Q, K)
    assert type(before) is float and type(after) is float
    assert before / after == pytest.approx(4.0)


def test_scaled_init_has_std_one_over_sqrt_d_in_and_follows_its_generator():
    weights = reference.scaled_init(400, 300, torch.Generator().manual_seed(0))
    assert weights.shape == (400, 300)
    assert weights.std().item() == pytest.approx(1 / 20, rel=0.02)
    assert weights.mean().item() == pytest.approx(0.0, abs=0.002)
    again = reference.scaled_init(400, 300, torch.Generator().manual_seed(0))
    assert torch.equal(weights, again)
    torch.manual_seed(0)
    assert reference.scaled_init(64, 16).shape == (64, 16)  # generator=None uses the global generator


def test_project_qkv_keeps_batch_dims_and_allows_a_different_value_width():
    generator = torch.Generator().manual_seed(0)
    X = torch.randn(2, 3, 4, 5, generator=generator)
    Wq, Wk, Wv = (torch.randn(5, width, generator=generator) for width in (6, 6, 7))
    Q, K, V = reference.project_qkv(X, Wq, Wk, Wv)
    assert (Q.shape, K.shape, V.shape) == ((2, 3, 4, 6), (2, 3, 4, 6), (2, 3, 4, 7))
    torch.testing.assert_close(Q[1, 2], X[1, 2] @ Wq)


def test_lecture_inputs_reproduce_the_seed_numbers():
    X, Wq, Wk, Wv = data.random_model_inputs()
    Q, K, V = reference.project_qkv(X, Wq, Wk, Wv)
    out, weights = reference.attention(Q, K, V)
    assert weights.shape == (4, 4) and out.shape == (4, 8)
    torch.testing.assert_close(weights.sum(dim=-1), torch.ones(4))
    expected = torch.tensor([[0.000, 0.067, 0.932, 0.000], [0.002, 0.041, 0.068, 0.889],
                             [0.000, 0.000, 0.000, 1.000], [0.000, 0.000, 1.000, 0.000]])
    assert torch.equal(weights.round(decimals=3), expected)
    before, after = reference.score_magnitude(Q, K)
    assert (round(before, 2), round(after, 2)) == (15.14, 5.35)


def test_small_initial_weights_spread_every_row_of_the_lecture_table():
    X, Wq, Wk, Wv = data.random_model_inputs()
    generator = torch.Generator().manual_seed(0)
    small = [reference.scaled_init(8, 8, generator) for _ in range(3)]
    _, before = reference.attention(*reference.project_qkv(X, Wq, Wk, Wv))
    _, after = reference.attention(*reference.project_qkv(X, *small))
    assert (reference.row_entropy(after) > reference.row_entropy(before)).all()
    assert (after.amax(dim=-1) < before.amax(dim=-1)).all()


# ---------------------------------------------------------------- the lecture's stored outputs
def test_lecture_outputs_show_the_numbers_the_course_lists():
    text = notebook_text_outputs(LECTURE)
    for number in ("0.932", "0.067", "0.889", "0.068", "0.041", "1.000", "15.14", "5.35", "(4, 4)", "(4, 8)",
                   "1.386"):
        assert number in text, number
    assert "image/png" in LECTURE.read_text(encoding="utf-8")
