"""ch04 (실제 모델처럼: 난수 가중치): the assignment, its hidden checks, its misconceptions, the lecture."""

from __future__ import annotations

import copy
import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from course_testing import FIXTURES, cell_source, run_assignment

from helpers import data, reference
from helpers.grading import core, guard
from helpers.misconceptions import ch04 as catalogue

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT = "ch04_random_weights"
EXERCISES = ("project_qkv", "score_magnitude", "row_entropy", "scaled_init")
GENERIC_WRONG = {"hardcoded", "forbidden"}
LECTURE = ROOT / "notebooks" / "04_random_weights.ipynb"


def _cases(name: str) -> list[core.Case]:
    exercise = core.exercises()[name]
    return exercise.cases(torch.Generator().manual_seed(core.seed_for(name)))


def _call(function, case: core.Case):
    """function on fresh copies of the case's inputs: its value, or the exception it raised."""
    try:
        return function(*guard.copy_inputs(case.args), **copy.deepcopy(case.kwargs))
    except Exception as error:  # noqa: BLE001 - a raising variant is a behaviour to compare
        return error


def _same_behaviour(left, right) -> bool:
    if isinstance(left, Exception) or isinstance(right, Exception):
        return isinstance(left, Exception) and isinstance(right, Exception)
    return core.compare(left, right, "") is None


def _source_cells() -> list[dict]:
    notebook = json.loads((ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_text(encoding="utf-8"))
    return notebook["cells"]


# ---------------------------------------------------------------- the assignment
@pytest.mark.slow
def test_source_validates_with_nbgrader():
    completed = subprocess.run(
        [sys.executable, "-m", "nbgrader", "validate", f"source/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Success! Your notebook passes all the tests." in completed.stdout + completed.stderr


def test_source_solutions_earn_all_ten_points():
    results = run_assignment(ASSIGNMENT)
    assert set(results) == {f"test_{name}" for name in EXERCISES}
    assert {grade_id: result.message for grade_id, result in results.items() if not result.passed} == {}
    assert sum(result.max_points for result in results.values()) == 10


def test_unfilled_release_passes_no_graded_test_cell():
    results = run_assignment(ASSIGNMENT, release=True)
    assert set(results) == {f"test_{name}" for name in EXERCISES}
    assert {grade_id: result.points for grade_id, result in results.items()} == {
        f"test_{name}": 0.0 for name in EXERCISES
    }
    assert all("not_implemented" in result.message for result in results.values())


def test_each_exercise_has_one_solution_cell_and_one_locked_test_cell_with_hidden_tests():
    cells = [cell for cell in _source_cells() if cell["cell_type"] == "code"]
    meta = [cell["metadata"].get("nbgrader", {}) for cell in cells]
    solutions = [m["grade_id"] for m in meta if m.get("solution")]
    tests = [m["grade_id"] for m in meta if m.get("grade") and not m.get("solution")]
    assert solutions == list(EXERCISES)
    assert tests == [f"test_{name}" for name in EXERCISES]
    for cell, m in zip(cells, meta):
        if m.get("grade"):
            source = cell_source(cell)
            assert m["locked"] is True and m["schema_version"] == 3
            name = m["grade_id"].removeprefix("test_")
            assert f'check_example("{name}", {name})' in source
            assert f"importlib.reload(helpers.grading).check_{name}({name})" in source
            assert source.index("### BEGIN HIDDEN TESTS") < source.index("### END HIDDEN TESTS")


def test_release_has_the_korean_stub_and_no_solution_or_hidden_test():
    path = ROOT / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    stubs = [cell_source(cell) for cell in cells if cell["metadata"].get("nbgrader", {}).get("solution")]
    assert len(stubs) == len(EXERCISES)
    assert all("# 여기에 코드를 작성하세요" in stub and "raise NotImplementedError()" in stub for stub in stubs)
    text = path.read_text(encoding="utf-8")
    for leaked in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", "check_row_entropy(", "xlogy(weights, weights)"):
        assert leaked not in text


# ---------------------------------------------------------------- the catalogue and its fixtures
def test_every_misconception_has_its_own_wrong_fixture_and_nothing_else_does():
    fixtures = {tuple(path.stem.split("__", 1)) for path in (FIXTURES / ASSIGNMENT / "wrong").glob("*.py")}
    entries = {(entry.exercise, entry.id) for entry in catalogue.MISCONCEPTIONS}
    assert {pair for pair in fixtures if pair[1] not in GENERIC_WRONG} == entries
    for name in EXERCISES:  # and every exercise has a hardcoded and a forbidden answer
        assert {(name, code) for code in GENERIC_WRONG} <= fixtures


def test_catalogue_covers_the_wrong_answers_the_issue_names():
    ids = {entry.code for entry in catalogue.MISCONCEPTIONS}
    assert {"row_entropy/log2", "row_entropy/nan_on_zero", "scaled_init/divide_by_d_in",
            "project_qkv/same_weight"} <= ids
    for name in EXERCISES:
        assert sum(entry.exercise == name for entry in catalogue.MISCONCEPTIONS) >= 2


@pytest.mark.parametrize("entry", catalogue.MISCONCEPTIONS, ids=lambda entry: entry.code)
def test_hidden_check_names_each_misconception_by_its_own_code(entry):
    with pytest.raises(AssertionError, match=rf"^\[진단: {entry.code}\]"):
        core.check(entry.exercise, entry.variant)


@pytest.mark.parametrize("entry", catalogue.MISCONCEPTIONS, ids=lambda entry: entry.code)
def test_visible_check_already_names_each_misconception(entry):
    """The lecture examples were chosen so that Validate (no hidden tests) diagnoses every entry."""
    with pytest.raises(AssertionError, match=rf"^\[진단: {entry.code}\]"):
        core.check_example(entry.exercise, entry.variant)


@pytest.mark.parametrize("name", EXERCISES)
def test_no_two_misconceptions_of_an_exercise_coincide_on_the_cases(name):
    cases = [core.exercises()[name].example(), *_cases(name)]
    entries = [entry for entry in catalogue.MISCONCEPTIONS if entry.exercise == name]
    for first, second in itertools.combinations(entries, 2):
        assert not all(_same_behaviour(_call(first.variant, case), _call(second.variant, case)) for case in cases), \
            f"{first.code} and {second.code} behave the same on every case"


# ---------------------------------------------------------------- the hidden cases
@pytest.mark.parametrize("name", EXERCISES)
def test_reference_passes_its_own_checks(name, monkeypatch):
    # The reference calls itself, which a student's answer may not: let it, for this test only.
    monkeypatch.setattr(core, "_reference_files", lambda: frozenset())
    core.check(name, getattr(reference, name))
    core.check_example(name, getattr(reference, name))


@pytest.mark.parametrize("name", EXERCISES)
def test_hidden_cases_are_the_same_every_run(name):
    first, second = _cases(name), _cases(name)
    assert [case.label for case in first] == [case.label for case in second]
    for one, two in zip(first, second):
        assert _same_behaviour(_call(getattr(reference, name), one), _call(getattr(reference, name), two))


@pytest.mark.parametrize("name", EXERCISES)
def test_there_are_ten_to_twenty_hidden_cases(name):
    assert 10 <= len(_cases(name)) <= 20


def test_project_qkv_cases_have_batch_dims_float64_square_and_unequal_widths():
    cases = _cases("project_qkv")
    X_shapes = [case.args[0].shape for case in cases]
    assert any(len(shape) == 2 for shape in X_shapes) and any(len(shape) >= 4 for shape in X_shapes)
    assert any(case.args[0].dtype == torch.float64 for case in cases)
    assert any(all(W.shape[0] == W.shape[1] for W in case.args[1:]) for case in cases)
    assert any(case.args[1].shape[1] != case.args[3].shape[1] for case in cases)


def test_row_entropy_cases_hold_exact_zeros_one_hot_rows_and_float64():
    cases = _cases("row_entropy")
    weights = [case.args[0] for case in cases]
    assert sum(bool((w == 0).any()) for w in weights) >= 5
    assert any(bool((w == 1).any()) for w in weights)
    assert any(w.dtype == torch.float64 for w in weights) and any(w.dim() >= 4 for w in weights)
    for w in weights:
        torch.testing.assert_close(w.sum(dim=-1), torch.ones(w.shape[:-1], dtype=w.dtype))


def test_scaled_init_cases_pass_their_own_seeded_generator_and_include_rectangles():
    cases = _cases("scaled_init")
    assert all(isinstance(case.args[2], torch.Generator) for case in cases)
    first_draws = {float(torch.randn(1, generator=copy.deepcopy(case.args[2]))) for case in cases}
    assert len(first_draws) == len(cases)
    assert sum(case.args[0] != case.args[1] for case in cases) >= 5


def test_a_copied_generator_draws_the_same_numbers_and_counts_as_unchanged():
    generator = torch.Generator().manual_seed(123)
    copied = copy.deepcopy(generator)
    assert torch.equal(torch.randn(5, generator=generator), torch.randn(5, generator=copied))
    snapshot = copy.deepcopy(generator)
    torch.randn(3, generator=generator)  # drawing advances it: that is not an in-place change
    assert guard.same_value(snapshot, generator)


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
    notebook = json.loads(LECTURE.read_text(encoding="utf-8"))
    text = "\n".join(
        "".join(output.get("text", "")) + "".join(output.get("data", {}).get("text/plain", ""))
        for cell in notebook["cells"] if cell["cell_type"] == "code" for output in cell.get("outputs", [])
    )
    for number in ("0.932", "0.067", "0.889", "0.068", "0.041", "1.000", "15.14", "5.35", "(4, 4)", "(4, 8)",
                   "1.386"):
        assert number in text, number
    assert "image/png" in LECTURE.read_text(encoding="utf-8")
