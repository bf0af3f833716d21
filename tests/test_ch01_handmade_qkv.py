"""ch01 (손으로 정한 Q/K/V): the assignment grades what it promises, the hidden cases can tell every
catalogued misconception apart, and the lecture shows the numbers COURSE.md lists."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
import torch
from course_testing import FIXTURES, cell_source, run_assignment

from autograder.course import ROOT, read_notebook, release_notebook, source_notebook
from helpers import data, reference
from helpers.grading import check, check_example
from helpers.grading.core import compare, exercises, seed_for
from helpers.misconceptions import for_exercise

ASSIGNMENT = "ch01_handmade_qkv"
LECTURE = ROOT / "notebooks" / "01_handmade_qkv.ipynb"
NAMES = ("dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention")
POINTS = {"dot_scores": 2, "scale_scores": 1, "row_softmax": 3, "mix_values": 2, "self_attention": 2}
# Diagnoses a wrong fixture may carry besides the catalogue's ids.
GENERIC_CODES = {"hardcoded", "forbidden", "inplace", "not_from_parts"}


def _hidden_cases(name):
    return exercises()[name].cases(torch.Generator().manual_seed(seed_for(name)))


def _reference_copy() -> types.SimpleNamespace:
    """helpers.reference executed from its source under another file name: the same functions,
    but not the file the grader forbids submissions to call."""
    namespace = {"__name__": "reference_copy"}
    source = Path(reference.__file__).read_text(encoding="utf-8")
    exec(compile(source, "<copy of helpers/reference.py>", "exec"), namespace)  # noqa: S102
    return types.SimpleNamespace(**namespace)


def _outcome(function, case):
    """What `function` gives on `case`: its value, or the type of error it raised."""
    try:
        args = [value.clone() if isinstance(value, torch.Tensor) else value for value in case.args]
        return function(*args, **case.kwargs)
    except Exception as error:  # noqa: BLE001 - a variant that cannot run is an outcome too
        return type(error)


def _differ(left, right) -> bool:
    if isinstance(left, type) or isinstance(right, type):
        return left is not right
    return compare(left, right, "") is not None


# ---------------------------------------------------------------- the grading specs
@pytest.mark.parametrize("name", NAMES)
def test_reference_passes_every_hidden_and_visible_check(name):
    copy = _reference_copy()
    check(name, getattr(copy, name))
    check_example(name, getattr(copy, name))


@pytest.mark.parametrize("name", NAMES)
def test_hidden_cases_are_reproducible_and_between_10_and_20(name):
    first, second = _hidden_cases(name), _hidden_cases(name)
    assert 10 <= len(first) <= 20
    for a, b in zip(first, second, strict=True):
        assert a.label == b.label
        assert all(torch.equal(x, y) for x, y in zip(a.args, b.args) if isinstance(x, torch.Tensor))


@pytest.mark.parametrize("name", NAMES)
def test_hidden_cases_cover_batch_dims_and_both_float_types(name):
    cases = _hidden_cases(name)
    tensors = [case.args[0] for case in cases]
    assert {tensor.dtype for tensor in tensors} == {torch.float32, torch.float64}
    assert {tensor.dim() for tensor in tensors} >= {2, 3, 4}


def test_row_softmax_cases_hold_huge_scores_and_partly_minus_infinite_rows():
    scores = [case.args[0] for case in _hidden_cases("row_softmax")]
    finite_max = [float(s[s.isfinite()].abs().max()) for s in scores]
    assert any(1000 <= value < 1e9 for value in finite_max)
    assert any(value >= 1e9 for value in finite_max)
    assert sum(bool(s.isneginf().any()) for s in scores) >= 3
    # a whole row of -inf is defined by the reference (uniform) but never taught: not graded
    assert not any(bool(s.isneginf().all(dim=-1).any()) for s in scores)


def test_reference_row_softmax_is_finite_and_gives_minus_infinity_no_weight():
    for case in _hidden_cases("row_softmax"):
        scores = case.args[0]
        weights = reference.row_softmax(scores)
        assert bool(weights.isfinite().all()), case.label
        assert torch.allclose(weights.sum(dim=-1), torch.ones((), dtype=weights.dtype))
        assert bool((weights[scores.isneginf()] == 0).all())


def test_reference_row_softmax_turns_an_all_minus_infinity_row_uniform():
    weights = reference.row_softmax(torch.tensor([[float("-inf")] * 4, [0.0, 1.0, 2.0, 3.0]]))
    assert weights[0].tolist() == [0.25] * 4


@pytest.mark.parametrize("name", NAMES)
def test_every_misconception_differs_from_the_reference_and_from_each_other(name):
    cases = _hidden_cases(name)
    copy = _reference_copy()
    candidates = [("reference", getattr(copy, name))] + [(entry.id, entry.variant) for entry in for_exercise(name)]
    outcomes = {label: [_outcome(function, case) for case in cases] for label, function in candidates}
    for (left, left_out), (right, right_out) in itertools.combinations(outcomes.items(), 2):
        assert any(_differ(a, b) for a, b in zip(left_out, right_out)), f"{left} and {right} agree on every case"


@pytest.mark.parametrize("name", NAMES)
def test_every_misconception_runs_on_some_hidden_case(name):
    cases = _hidden_cases(name)
    for entry in for_exercise(name):
        assert any(not isinstance(_outcome(entry.variant, case), type) for case in cases), entry.code


def test_each_misconception_has_a_wrong_fixture_and_every_other_fixture_is_generic():
    catalogue = {entry.code for name in NAMES for entry in for_exercise(name)}
    fixtures = {path.stem.replace("__", "/") for path in (FIXTURES / ASSIGNMENT / "wrong").glob("*.py")}
    assert catalogue <= fixtures
    assert {code.split("/")[1] for code in fixtures - catalogue} <= GENERIC_CODES
    for name in NAMES:
        assert {f"{name}/hardcoded", f"{name}/forbidden"} <= fixtures


def test_the_issue_s_wrong_answers_are_catalogued():
    codes = {entry.code for name in NAMES for entry in for_exercise(name)}
    assert {"dot_scores/no_transpose", "row_softmax/column_axis", "row_softmax/no_max_shift",
            "scale_scores/divide_by_dk"} <= codes


def test_every_exercise_has_a_right_fixture_and_five_ways_in_all():
    ways = [path.stem.split("__") for path in (FIXTURES / ASSIGNMENT / "right").glob("*.py")]
    assert {name for name, _ in ways} == set(NAMES)
    assert len({how for _, how in ways}) >= 5


def test_a_library_softmax_costs_the_points_and_says_why():
    code = (FIXTURES / ASSIGNMENT / "wrong" / "row_softmax__forbidden.py").read_text(encoding="utf-8")
    result = run_assignment(ASSIGNMENT, {"row_softmax": code})["test_row_softmax"]
    assert result.points == 0
    assert "softmax 를 직접(손으로) 구현해야 하는 문제입니다" in result.message


# ---------------------------------------------------------------- the assignment
def _graded_cells(path: Path) -> dict[str, dict]:
    return {cell["metadata"]["nbgrader"]["grade_id"]: cell for cell in read_notebook(path)["cells"]
            if cell.get("metadata", {}).get("nbgrader", {}).get("grade")}


def test_assignment_has_one_solution_and_one_test_cell_per_function_worth_ten_points():
    cells = read_notebook(source_notebook(ASSIGNMENT))["cells"]
    solutions = [cell["metadata"]["nbgrader"]["grade_id"] for cell in cells
                 if cell.get("metadata", {}).get("nbgrader", {}).get("solution")]
    assert solutions == list(NAMES)
    graded = _graded_cells(source_notebook(ASSIGNMENT))
    assert {grade_id: cell["metadata"]["nbgrader"]["points"] for grade_id, cell in graded.items()} == {
        f"test_{name}": points for name, points in POINTS.items()}
    assert sum(POINTS.values()) == 10
    for name in NAMES:
        body = cell_source(graded[f"test_{name}"])
        assert body.startswith("# 강의 예시로 확인합니다")
        assert f'check_example("{name}", {name})' in body
        assert f"importlib.reload(helpers.grading).check_{name}({name})" in body


def test_source_solutions_earn_every_point():
    results = run_assignment(ASSIGNMENT)
    assert {grade_id: result.points for grade_id, result in results.items()} == {
        f"test_{name}": float(points) for name, points in POINTS.items()}


def test_unfilled_release_passes_no_graded_test():
    results = run_assignment(ASSIGNMENT, release=True)
    assert set(results) == {f"test_{name}" for name in NAMES}
    for grade_id, result in results.items():
        assert result.points == 0, grade_id
        assert f"[진단: {grade_id.removeprefix('test_')}/not_implemented]" in result.message


def test_release_holds_korean_stubs_and_no_solution_or_hidden_test():
    text = release_notebook(ASSIGNMENT).read_text(encoding="utf-8")
    assert "BEGIN SOLUTION" not in text and "BEGIN HIDDEN TESTS" not in text
    assert "reload(helpers.grading)" not in text
    stubs = [cell_source(cell) for cell in read_notebook(release_notebook(ASSIGNMENT))["cells"]
             if cell.get("metadata", {}).get("nbgrader", {}).get("solution")]
    assert len(stubs) == len(NAMES)
    assert all("# 여기에 코드를 작성하세요" in stub and '"""' in stub for stub in stubs)


@pytest.mark.slow
def test_source_validates_with_nbgrader():
    completed = subprocess.run(
        [sys.executable, "-m", "nbgrader", "validate", str(source_notebook(ASSIGNMENT).relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Success! Your notebook passes all the tests." in completed.stdout + completed.stderr


@pytest.mark.slow
def test_committed_release_is_what_nbgrader_generates(tmp_path):
    from autograder.release import generate_release

    (generated,) = generate_release([ASSIGNMENT], output=tmp_path)
    fresh = json.loads((generated / f"{ASSIGNMENT}.ipynb").read_text(encoding="utf-8"))
    assert fresh == read_notebook(release_notebook(ASSIGNMENT))


# ---------------------------------------------------------------- the lecture
def _lecture_text_outputs() -> str:
    texts = []
    for cell in read_notebook(LECTURE)["cells"]:
        for output in cell.get("outputs", []):
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            texts.append("".join(text) if isinstance(text, list) else text)
    return "\n".join(texts)


def test_lecture_outputs_show_every_number_course_md_lists_for_ch01():
    outputs = _lecture_text_outputs()
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
