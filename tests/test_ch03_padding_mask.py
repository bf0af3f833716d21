"""ch03 (임베딩, 위치 인코딩, 패딩 마스크): the assignment grades what it promises, the hidden cases
tell every catalogued misconception apart, and the lecture shows the numbers COURSE.md lists."""

from __future__ import annotations

import re

import pytest
import torch
from course_testing import FIXTURES, cell_source, differ, hidden_cases, notebook_text_outputs, outcome, run_assignment

from autograder.course import ROOT, read_notebook
from helpers import data, reference
from helpers.grading.ch03 import lecture_qkv
from helpers.misconceptions import for_exercise

ASSIGNMENT = "ch03_padding_mask"
LECTURE = ROOT / "notebooks" / "03_padding_mask.ipynb"
NAMES = ("encode", "positional_encoding", "padding_mask", "masked_attention")
# The seed's printed weights of sentence 4 with the padding mask, and its [PAD] column without it.
SEED_MASKED_WEIGHTS = [[0.0386, 0.9612, 0.0002, 0.0], [0.0312, 0.0189, 0.9499, 0.0],
                       [0.1588, 0.8411, 0.0000, 0.0], [0.3492, 0.6081, 0.0427, 0.0]]
SEED_PAD_COLUMN_WITHOUT_MASK = [0.0113, 0.0799, 0.0078, 0.1421]

def _lecture_setup():
    """The lecture's batch, mask and attention results, built as the lecture builds them."""
    Q, K, V = lecture_qkv()
    mask = reference.padding_mask(data.sentence_batch())
    return (Q, K, V, mask), reference.masked_attention(Q, K, V), reference.masked_attention(Q, K, V, mask)


# ---------------------------------------------------------------- the grading specs
def test_masked_attention_cases_cover_heads_shapes_mask_kinds_and_float_types():
    cases = hidden_cases("masked_attention")
    queries = [case.args[0] for case in cases]
    masks = [case.args[3] for case in cases if len(case.args) == 4]
    assert {query.dim() for query in queries} == {3, 4}  # [B, S, d] and [B, H, S, d]
    assert {query.dtype for query in queries} == {torch.float32, torch.float64}
    assert any(case.args[2].shape[-1] != case.args[0].shape[-1] for case in cases)  # d_v ≠ d_k
    assert any(case.args[0].shape[-2] != case.args[1].shape[-2] for case in cases)  # S_q ≠ S_k
    assert {mask.dtype for mask in masks} == {torch.bool, torch.int64}
    assert any(len(case.args) == 3 for case in cases)  # no mask at all
    assert all(mask.shape[-2] == 1 for mask in masks)  # key padding masks, broadcast over queries
    assert all(not bool(mask.all()) for mask in masks)  # every mask hides something
    assert any(bool((mask == 0).all(dim=-1).any()) for mask in masks)  # one sentence of [PAD] only
    assert any(float(query.abs().max()) > 30 for query in queries)  # large scores


def test_reference_masked_attention_is_finite_and_gives_masked_keys_nothing_on_every_case():
    for case in hidden_cases("masked_attention"):
        output, p_attn = reference.masked_attention(*case.args)
        assert bool(output.isfinite().all()) and bool(p_attn.isfinite().all()), case.label
        torch.testing.assert_close(p_attn.sum(dim=-1), torch.ones_like(p_attn.sum(dim=-1)))
        if len(case.args) == 4:
            hidden = (case.args[3] == 0).expand_as(p_attn)
            visible_somewhere = (case.args[3] != 0).any(dim=-1, keepdim=True).expand_as(p_attn)
            assert bool((p_attn[hidden & visible_somewhere] == 0).all()), case.label


def test_encode_cases_hold_both_errors_and_pad_ids_other_than_zero():
    cases = hidden_cases("encode")
    assert {case.raises for case in cases} == {None, KeyError, ValueError}
    assert cases[0].raises is None  # a wrong value is diagnosed before any error case
    assert any(case.args[1][case.kwargs.get("pad", data.PAD)] != 0 for case in cases if case.raises is None)
    assert any("pad" in case.kwargs for case in cases)


def test_padding_mask_cases_use_other_pad_ids_and_a_sentence_of_padding_only():
    cases = hidden_cases("padding_mask")
    assert any(case.kwargs.get("pad_id", 0) != 0 for case in cases)
    pads = [case.args[0] == case.kwargs.get("pad_id", 0) for case in cases]
    assert any(bool(is_pad.all(dim=-1).any()) for is_pad in pads)
    assert all(bool(is_pad.any()) for is_pad in pads)


def test_filling_masked_scores_with_zero_is_told_apart_from_every_other_mistake():
    cases = hidden_cases("masked_attention")
    fill_zero = next(entry for entry in for_exercise("masked_attention") if entry.id == "fill_zero")
    expected = [outcome(reference.masked_attention, case) for case in cases]
    assert sum(differ(want, outcome(fill_zero.variant, case)) for want, case in zip(expected, cases)) >= 10


def test_the_issue_s_wrong_answers_are_catalogued():
    codes = {entry.code for name in NAMES for entry in for_exercise(name)}
    assert {"padding_mask/inverted", "masked_attention/mask_inverted",  # polarity inverted
            "padding_mask/query_axis", "masked_attention/mask_on_queries",  # [batch, seq, 1]
            "masked_attention/mask_after_softmax", "masked_attention/fill_zero",
            "positional_encoding/sin_cos_swapped"} <= codes
    assert len([code for code in codes if code.startswith("masked_attention/")]) >= 4
    assert len([code for code in codes if code.startswith("positional_encoding/")]) >= 4
    assert len([code for code in codes if code.startswith("padding_mask/")]) >= 4
    assert len([code for code in codes if code.startswith("encode/")]) >= 2


def test_silently_truncating_a_long_sentence_costs_the_points_and_says_why():
    code = (FIXTURES / ASSIGNMENT / "wrong" / "encode__wrong_exception.py").read_text(encoding="utf-8")
    result = run_assignment(ASSIGNMENT, {"encode": code})["test_encode"]
    assert result.points == 0
    assert "ValueError 를 내야 하는데" in result.message


def test_torch_attention_costs_the_points_and_says_why():
    code = (FIXTURES / ASSIGNMENT / "wrong" / "masked_attention__forbidden.py").read_text(encoding="utf-8")
    result = run_assignment(ASSIGNMENT, {"masked_attention": code})["test_masked_attention"]
    assert result.points == 0
    assert "scaled_dot_product_attention" in result.message


# ---------------------------------------------------------------- reference behaviour the chapter teaches
# (the uniform all-[PAD] row and the PE formula are in test_reference.py; these add what ch03 relies on)
def test_bool_and_zero_one_masks_give_the_same_attention():
    (Q, K, V, mask), _, (output, p_attn) = _lecture_setup()
    output_int, p_attn_int = reference.masked_attention(Q, K, V, mask.long())
    assert torch.equal(output, output_int) and torch.equal(p_attn, p_attn_int)


def test_padding_mask_broadcasts_over_queries_and_hides_only_the_pad_column():
    _, (_, plain), (_, masked) = _lecture_setup()
    assert masked[3, :, 3].tolist() == [0.0] * 4
    assert bool((masked[3, :, :3] > 0).all())
    assert torch.equal(plain[:3], masked[:3])


def test_encode_errors_are_korean_and_name_the_word_or_the_length():
    with pytest.raises(KeyError, match="고양이") as unknown:
        reference.encode(["나는", "고양이"], data.VOCAB, 4)
    with pytest.raises(ValueError, match="5") as too_long:
        reference.encode(["나는", "오늘", "학교에", "간다", "오늘"], data.VOCAB, 4)
    hangul = re.compile(r"[\uac00-\ud7a3]")
    assert hangul.search(str(unknown.value)) and hangul.search(str(too_long.value))


def test_lecture_qkv_reproduces_the_seed_and_leaves_the_global_random_state_alone():
    before = torch.random.get_rng_state()
    _, (_, plain), (_, masked) = _lecture_setup()
    assert torch.equal(torch.random.get_rng_state(), before)
    torch.testing.assert_close(masked[3].round(decimals=4), torch.tensor(SEED_MASKED_WEIGHTS), rtol=0, atol=1e-6)
    torch.testing.assert_close(plain[3, :, 3].round(decimals=4), torch.tensor(SEED_PAD_COLUMN_WITHOUT_MASK),
                               rtol=0, atol=1e-6)


# ---------------------------------------------------------------- the lecture
def test_lecture_outputs_show_every_number_course_md_lists_for_ch03():
    outputs = notebook_text_outputs(LECTURE)
    for row in ("나는     0.0386  0.9612  0.0002    0.0", "집에     0.0312  0.0189  0.9499    0.0",
                "간다     0.1588  0.8411  0.0000    0.0", "[PAD]  0.3492  0.6081  0.0427    0.0",  # with the mask
                "나는     0.0113      0.0", "집에     0.0799      0.0", "간다     0.0078      0.0",
                "[PAD]  0.1421      0.0"):  # [PAD] column without / with the mask
        assert row in outputs, row
    assert "[PAD] 열이 정확히 0 인가요? True" in outputs
    assert "mask 모양: (4, 1, 4)" in outputs
    for shape in ("[4, 4]", "[4, 4, 6]", "[4, 1, 4]", "[4, 4, 4]"):
        assert shape in outputs, shape


def test_lecture_heatmaps_are_png_and_nothing_went_to_stderr():
    cells = read_notebook(LECTURE)["cells"]
    first_code = next(cell for cell in cells if cell["cell_type"] == "code")
    assert '%config InlineBackend.figure_formats = ["png"]' in cell_source(first_code)
    outputs = [output for cell in cells for output in cell.get("outputs", [])]
    assert sum("image/png" in output.get("data", {}) for output in outputs) >= 4
    assert not any("image/svg+xml" in output.get("data", {}) for output in outputs)
    assert not any(output.get("name") == "stderr" or output.get("output_type") == "error" for output in outputs)
