"""helpers.grading: every check passes the reference, fails a wrong answer in Korean, and holds
against the ways a submission can misbehave or try to pass without being right."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch
from course_testing import FIXTURES, differ, outcome, run_assignment
from pandas import DataFrame

import helpers.grading
from autograder.course.context import ROOT
from autograder.course.notebook import cell_source, read_notebook
from helpers import chapters, reference
from helpers.chapters import POINTER_PATTERN
from helpers.grading import check, exercise_names, hidden_cases
from helpers.grading.core import exercises
from helpers.misconceptions import catalogue, for_exercise

TAG = re.compile(r"^\[진단: (\w+)/(\w+)\]")
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _reference(name):
    return getattr(reference, name)


def _nudged(value):
    """The same result, slightly wrong: what a small bug in a submission looks like."""
    if isinstance(value, torch.Tensor):
        return value + 0.5 if value.is_floating_point() else ~value if value.dtype == torch.bool else value + 1
    if isinstance(value, np.ndarray):
        return value + 0.5
    if isinstance(value, DataFrame):
        return value.assign(**{value.columns[-1]: value[value.columns[-1]] + 0.5})
    if isinstance(value, tuple):
        return (_nudged(value[0]), *value[1:])
    if isinstance(value, list):
        return [item + 1 for item in value]
    if isinstance(value, float):
        return value + 0.5
    raise TypeError(type(value))


def test_every_exercise_of_the_contract_has_a_check():
    assert set(exercises()) == set(exercise_names())
    for name in exercise_names():
        assert callable(getattr(helpers.grading, f"check_{name}"))


@pytest.mark.parametrize("name", exercise_names())
def test_reference_passes_its_hidden_and_visible_checks(name, monkeypatch):
    import helpers.grading.core as core
    import helpers.grading.student as student

    monkeypatch.setattr(student, "reference_files", frozenset)  # a submission may not call it; this test does
    core.check(name, _reference(name))
    core.check_example(name, _reference(name))


@pytest.mark.parametrize("name", exercise_names())
def test_a_slightly_wrong_answer_fails_with_a_korean_message(name):
    def wrong(*args, **kwargs):
        result = _reference(name)(*args, **kwargs)
        return _nudged(result)

    with pytest.raises(AssertionError) as failed:
        check(name, wrong)
    message = str(failed.value)
    assert TAG.match(message) and TAG.match(message).group(1) == name
    assert HANGUL.search(message)


@pytest.mark.parametrize("name", exercise_names())
def test_every_exercise_has_its_misconceptions_catalogued(name):
    entries = [entry for entry in catalogue() if entry.exercise == name]
    attention_steps = {"dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention",
                       "masked_attention", "positional_encoding", "padding_mask", "softmax_1d"}
    assert len(entries) >= (4 if name in attention_steps else 2)
    assert len({entry.id for entry in entries}) == len(entries)


@pytest.mark.parametrize("entry", catalogue(), ids=lambda entry: entry.code)
def test_each_misconception_is_named_when_submitted(entry):
    with pytest.raises(AssertionError) as failed:
        check(entry.exercise, entry.variant)
    assert str(failed.value).startswith(f"[진단: {entry.code}]")
    assert entry.explanation in str(failed.value) and HANGUL.search(entry.explanation)


def test_calling_the_reference_earns_nothing():
    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/forbidden\]"):
        check("dot_scores", lambda Q, K: reference.dot_scores(Q, K))


def test_calling_torch_attention_earns_nothing():
    def borrowed(query, key, value, mask=None):
        output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=mask)
        return output, torch.softmax(query @ key.transpose(-2, -1) / query.size(-1) ** 0.5, -1)

    with pytest.raises(AssertionError, match=r"^\[진단: masked_attention/forbidden\]"):
        check("masked_attention", borrowed)


def test_a_library_softmax_earns_nothing_where_the_exercise_says_by_hand():
    from torch.nn.functional import softmax  # bound before the check starts: still seen

    with pytest.raises(AssertionError, match=r"^\[진단: row_softmax/forbidden\]") as failed:
        check("row_softmax", lambda scores: softmax(scores, dim=-1))
    assert "softmax" in str(failed.value)


def test_an_infinite_loop_times_out_without_stopping_the_grader():
    def forever(Q, K):
        while True:
            pass

    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/timeout\]"):
        check("dot_scores", forever)
    assert time.monotonic() - started < 30


def test_an_except_everything_loop_still_times_out():
    def stubborn(Q, K):
        while True:
            try:
                time.sleep(0.01)
            except Exception:
                pass

    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/timeout\]"):
        check("dot_scores", stubborn)


def test_changing_an_input_in_place_is_reported():
    def in_place(Q, K):
        Q -= 1.0
        return (Q + 1.0) @ K.transpose(-2, -1)

    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/inplace\]"):
        check("dot_scores", in_place)


def test_prints_and_warnings_of_a_correct_answer_cost_nothing(capsys):
    def chatty(Q, K):
        print("x" * 10_000)
        warnings.warn("deprecated", DeprecationWarning, stacklevel=1)
        print("oops", file=sys.stderr)
        return torch.einsum("...qd,...kd->...qk", Q, K)

    check("dot_scores", chatty)
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""


def test_a_non_function_is_reported_as_such():
    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/not_callable\]"):
        check("dot_scores", None)


def test_the_unwritten_stub_says_not_implemented():
    def stub(Q, K):
        raise NotImplementedError()

    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/not_implemented\]"):
        check("dot_scores", stub)


def test_rebinding_the_grading_package_does_not_change_the_verdict(monkeypatch):
    import helpers.grading.core as core

    monkeypatch.setattr(core, "compare", lambda expected, got, label: None)
    monkeypatch.setattr(core, "check", lambda name, function: None)
    monkeypatch.setattr(reference, "dot_scores", lambda Q, K: Q @ K)
    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/no_transpose\]"):
        check("dot_scores", lambda Q, K: Q @ K)


@pytest.mark.parametrize("target", [
    "builtins.abs", "builtins.isinstance", "torch.allclose", "numpy.allclose", "numpy.testing.assert_allclose",
    "torch.testing.assert_close", "torch.Tensor.abs", "importlib.reload",
])
def test_replacing_what_the_checks_rely_on_is_refused(target):
    # In a process of its own: a swapped builtin would break pytest itself.
    owner, attribute = target.rsplit(".", 1)
    script = (
        f"import builtins, importlib, numpy, numpy.testing, torch, torch.testing\n"
        f"from helpers.grading import check\n"
        f"setattr({owner}, {attribute!r}, lambda *args, **kwargs: True)\n"
        f"try:\n"
        f"    check('dot_scores', lambda Q, K: Q @ K.transpose(-2, -1))\n"
        f"except AssertionError as failed:\n"
        f"    print(str(failed).splitlines()[0])\n"
    )
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert completed.stdout.startswith("[진단: dot_scores/tampered]"), completed.stdout + completed.stderr


def test_returning_the_lecture_answer_for_every_input_earns_nothing():
    from helpers import data

    answer = reference.dot_scores(*data.handmade_qkv()[:2])
    with pytest.raises(AssertionError, match=r"^\[진단: dot_scores/hardcoded\]"):
        check("dot_scores", lambda Q, K: answer.clone())


def test_checks_are_reproducible():
    cases = [exercises()[name].cases(torch.Generator().manual_seed(1)) for name in ("dot_scores",) * 2]
    assert [case.label for case in cases[0]] == [case.label for case in cases[1]]


# ---------------------------------------------------------------- the hidden cases of every exercise
@pytest.mark.parametrize("name", exercise_names())
def test_hidden_cases_are_the_same_every_run_and_number_ten_to_twenty(name):
    first, second = hidden_cases(name), hidden_cases(name)
    assert 10 <= len(first) <= 20
    assert [case.label for case in first] == [case.label for case in second]
    for one, two in zip(first, second):
        assert not differ(outcome(_reference(name), one), outcome(_reference(name), two))


@pytest.mark.parametrize("name", exercise_names())
def test_misconceptions_differ_from_the_reference_and_from_each_other_on_the_hidden_cases(name):
    cases = hidden_cases(name)  # a case that must raise tells apart a variant that returns there
    candidates = [("reference", _reference(name))] + [(entry.id, entry.variant) for entry in for_exercise(name)]
    outcomes = {label: [outcome(function, case) for case in cases] for label, function in candidates}
    for (left, left_out), (right, right_out) in itertools.combinations(outcomes.items(), 2):
        assert any(differ(a, b) for a, b in zip(left_out, right_out)), f"{left} and {right} agree on every case"
    for entry in for_exercise(name):
        assert any(not isinstance(outcome, type) for outcome in outcomes[entry.id]), f"{entry.id} never runs"


def _lecture_headings(lecture: str) -> list[str]:
    notebook = read_notebook(ROOT / "notebooks" / f"{lecture}.ipynb")
    lines = [line for cell in notebook["cells"] if cell["cell_type"] == "markdown"
             for line in cell_source(cell).splitlines() if line.startswith("#")]
    return [re.sub(r"[`$]", "", line.lstrip("#").strip()) for line in lines]


def test_every_lecture_pointer_names_a_heading_the_student_can_find():
    pointers = [exercise.lecture for exercise in exercises().values()] + [entry.hint for entry in catalogue()]
    found = [match for text in pointers for match in POINTER_PATTERN.finditer(text)]
    assert len(found) >= len(exercises())
    for lecture, heading in {match.groups() for match in found}:
        headings = _lecture_headings(lecture)
        assert any(line.startswith(heading.strip()) for line in headings), (lecture, heading, headings)


def test_every_exercise_pointer_uses_the_one_pointer_format():
    for exercise in exercises().values():
        assert POINTER_PATTERN.match(exercise.lecture), exercise.lecture


def test_every_chapter_module_registers_an_assignment_that_has_a_source_notebook():
    from helpers.grading.core import assignments

    registered = assignments()
    assert list(registered) == sorted(registered)
    for assignment, names in registered.items():
        assert (ROOT / "source" / assignment / f"{assignment}.ipynb").is_file()
        assert names


def test_an_allowed_reference_function_may_be_called_and_no_other():
    from helpers.grading import guard

    def uses_allowed(Q, K):
        return reference.dot_scores(Q, K)

    Q, K = torch.randn(3, 2), torch.randn(4, 2)
    files = frozenset({str(Path(reference.__file__).resolve())})
    allowed = guard.call_student(uses_allowed, (Q, K), {}, time_limit=10.0, by_hand=False, reference_files=files,
                                 allowed=("dot_scores",))
    assert allowed.forbidden is None and allowed.error is None
    refused = guard.call_student(uses_allowed, (Q, K), {}, time_limit=10.0, by_hand=False, reference_files=files,
                                 allowed=("mix_values",))
    assert refused.forbidden == "helpers.reference.dot_scores"


# From ch04 on, each chapter's lecture examples were chosen so that Validate alone (the visible
# checks, no hidden tests) names every catalogued misconception of the chapter, except a sum halved or averaged
# right before a LayerNorm: the norm undoes any scale but through eps (1e-5 in ch06's example, 1e-12 in BERT's), so
# no example can show it; hidden cases with a large eps do.
HIDDEN_ONLY = {"add_and_norm/averaged", "bert_embeddings/averaged"}
VALIDATE_NAMES_EVERY_ENTRY = [entry for module in chapters.modules("helpers.misconceptions")
                              if module.__name__.rsplit(".", 1)[1] >= "ch04" for entry in module.MISCONCEPTIONS
                              if entry.code not in HIDDEN_ONLY]


@pytest.mark.parametrize("entry", VALIDATE_NAMES_EVERY_ENTRY, ids=lambda entry: entry.code)
def test_validate_alone_names_each_misconception_from_ch04_on(entry):
    with pytest.raises(AssertionError, match=rf"^\[진단: {re.escape(entry.code)}\]"):
        helpers.grading.check_example(entry.exercise, entry.variant)


def test_a_failed_check_shows_its_korean_message_alone_in_a_notebook_cell():
    import nbformat
    from nbclient import NotebookClient

    cell = nbformat.v4.new_code_cell('from helpers.grading import check_example\n'
                                     'check_example("dot_scores", lambda Q, K: Q @ K)')
    notebook = nbformat.v4.new_notebook(cells=[cell])
    NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True).execute()
    error = next(output for output in notebook.cells[0].outputs if output.output_type == "error")
    shown = "\n".join(error.traceback)
    assert shown.startswith("[진단: dot_scores/no_transpose]")
    assert "Traceback" not in shown and "File " not in shown and "core.py" not in shown


# ---------------------------------------------------------------- composites are graded on their own code
_CH01_PARTS = '''
import math
import torch

def dot_scores(Q, K):
    return Q @ K.transpose(-2, -1)

def scale_scores(scores, d_k):
    return scores / math.sqrt(d_k)

def row_softmax(scores):
    exps = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    return exps / exps.sum(dim=-1, keepdim=True)

def mix_values(weights, V):
    return weights @ V

def self_attention(Q, K, V):
    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))
    return mix_values(weights, V), weights
'''
_COLUMN_SOFTMAX = '''
def row_softmax(scores):
    exps = torch.exp(scores - scores.amax(dim=-2, keepdim=True))
    return exps / exps.sum(dim=-2, keepdim=True)
'''


def _cell_functions(*sources: str) -> dict:
    namespace: dict = {"__name__": "__main__"}
    for source in sources:
        exec(source, namespace)  # noqa: S102 - a notebook's cells, run in one namespace
    return namespace


def test_a_composite_with_right_code_on_a_wrong_part_keeps_its_points_and_names_the_part(capsys):
    cells = _cell_functions(_CH01_PARTS, _COLUMN_SOFTMAX)
    with pytest.raises(AssertionError, match=r"\[진단: row_softmax/column_axis\]"):
        check("row_softmax", cells["row_softmax"])
    check("self_attention", cells["self_attention"])  # passes: problem 3 alone loses points
    printed = capsys.readouterr().out
    assert "[부품: self_attention → row_softmax/column_axis]" in printed
    assert "문제 3의 row_softmax" in printed and "문제 3을 고치면" in printed


def test_a_composite_on_right_parts_prints_nothing(capsys):
    check("self_attention", _cell_functions(_CH01_PARTS)["self_attention"])
    assert capsys.readouterr().out == ""


def test_a_composite_wrong_in_its_own_code_is_diagnosed_on_it_and_also_names_the_wrong_part():
    unscaled = "def self_attention(Q, K, V):\n    weights = row_softmax(dot_scores(Q, K))\n" \
               "    return mix_values(weights, V), weights\n"
    cells = _cell_functions(_CH01_PARTS, _COLUMN_SOFTMAX, unscaled)
    with pytest.raises(AssertionError) as failure:
        check("self_attention", cells["self_attention"])
    message = str(failure.value)
    assert message.startswith("[진단: self_attention/no_scale]")
    assert "[부품: self_attention → row_softmax/column_axis]" in message
    assert "dot_scores" not in message.split("[부품:", 1)[1]  # the right parts are not blamed


@pytest.mark.parametrize("trusted", [False, True], ids=["in_kernel", "checker"])
def test_a_wrong_composite_does_not_blame_a_part_that_passes_its_own_test(trusted):
    """ch05: a mask given an extra axis makes 5-D weights, which the notebook's right merge_heads lays out otherwise
    than the course's; the composite's own mistake is named, and no note sends the student to fix merge_heads."""
    extra_axis = (FIXTURES / "ch05_multi_head" / "wrong" / "multi_head_attention__mask_unsqueezed.py").read_text()
    result = run_assignment("ch05_multi_head", {"multi_head_attention": extra_axis},
                            only={"test_multi_head_attention"}, trusted=trusted)["test_multi_head_attention"]
    assert "[진단: multi_head_attention/mask_unsqueezed]" in result.message
    assert "[부품:" not in result.message + result.printed


def test_a_part_that_calls_a_wrong_part_hands_the_blame_down():
    """ch06: encoder_layer → add_and_norm (right) → layer_norm (wrong): the note names layer_norm."""
    unbiased = ("import torch\n\ndef layer_norm(x, gamma, beta, eps=1e-5):\n    mean = x.mean(dim=-1, keepdim=True)\n"
                "    return gamma * (x - mean) / torch.sqrt(x.var(dim=-1, keepdim=True) + eps) + beta\n")
    results = run_assignment("ch06_encoder_block", {"layer_norm": unbiased},
                             only={"test_layer_norm", "test_add_and_norm", "test_encoder_layer"})
    assert "[진단: layer_norm/unbiased_variance]" in results["test_layer_norm"].message
    for composite in ("add_and_norm", "encoder_layer"):
        result = results[f"test_{composite}"]
        assert result.passed, result.message
        assert f"[부품: {composite} → layer_norm/unbiased_variance]" in result.printed
        assert "add_and_norm/" not in result.printed


# ---------------------------------------------------------------- what differs, computed
@pytest.mark.parametrize(("change", "said"), [
    (lambda e: -e, "부호가 반대"),
    (lambda e: e / 2, "기준의 0.5배"),
    (lambda e: e + 0.25, "+0.25만큼"),
    (lambda e: e.transpose(-2, -1), "전치"),
    (lambda e: e[..., [2, 0, 1, 3], :], "[2, 0, 1, 3] 순서"),
])
def test_a_wrong_tensor_is_told_how_it_relates_to_the_right_one(change, said):
    from helpers.grading.core import compare

    expected = torch.randn(2, 4, 4, generator=torch.Generator().manual_seed(0), dtype=torch.float64)
    assert said in compare(expected, change(expected), "결과", explain=True)


def test_an_unrelated_difference_claims_no_relation():
    from helpers.grading.core import compare

    generator = torch.Generator().manual_seed(1)
    expected, other = torch.randn(2, 4, 4, generator=generator), torch.randn(2, 4, 4, generator=generator)
    assert "살펴보면" not in compare(expected, other, "결과", explain=True)


def test_right_items_in_the_wrong_order_are_named_by_the_exercise_output_names():
    Q, K, V = (torch.randn(3, 4, generator=torch.Generator().manual_seed(s)) for s in (1, 2, 3))

    def self_attention(Q, K, V):
        output, weights = reference.self_attention(Q, K, V)
        return weights, output

    from helpers.grading.core import _compare_output
    expected = reference.self_attention(Q, K, V)
    said = _compare_output(exercises()["self_attention"], expected, self_attention(Q, K, V))
    assert "(output, weights) 순서로 돌려줘야 하는데 (weights, output) 순서입니다" in said


def test_a_failed_check_renders_as_its_korean_message_alone_in_short_lines():
    from helpers.grading.verdict import RENDER_WIDTH, CheckFailed

    message = "K를 전치하지 않고 Q @ K를 계산했습니다. " * 6 + "\n도움말: 강의"
    failure = CheckFailed("dot_scores", "no_transpose", message)
    lines = failure._render_traceback_()
    assert lines[0].startswith("[진단: dot_scores/no_transpose]")
    assert all(len(line) <= RENDER_WIDTH for line in lines)
    assert " ".join(" ".join(lines).split()) == " ".join(str(failure).split())  # nothing lost, only wrapped
