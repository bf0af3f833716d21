"""ch03 (임베딩, 위치 인코딩, 패딩 마스크): the assignment grades what it promises, the hidden cases
tell every catalogued misconception apart, and the lecture shows the numbers COURSE.md lists."""

from __future__ import annotations

import math
import re

import pytest
import torch
from course_testing import FIXTURES, differ, instructions, notebook_text_outputs, outcome, run_assignment

from autograder.course.context import ROOT
from autograder.course.notebook import cell_source, read_notebook
from helpers import data, reference
from helpers.grading import core, hidden_cases
from helpers.grading.ch03 import PE_LARGEST_MAX_LEN, lecture_qkv, positional_encoding_slack
from helpers.grading.student import LocalFunction
from helpers.misconceptions import for_exercise

ASSIGNMENT = "ch03_padding_mask"
LECTURE = ROOT / "notebooks" / "03_padding_mask.ipynb"
NAMES = ("encode", "positional_encoding", "padding_mask", "masked_attention")
# The seed's printed weights of sentence 4 with the padding mask, and its [PAD] column without it.
SEED_MASKED_WEIGHTS = [[0.0386, 0.9612, 0.0002, 0.0], [0.0312, 0.0189, 0.9499, 0.0],
                       [0.1588, 0.8411, 0.0000, 0.0], [0.3492, 0.6081, 0.0427, 0.0]]
SEED_PAD_COLUMN_WITHOUT_MASK = [0.0113, 0.0799, 0.0078, 0.1421]
# The seed's printed tensors for all four sentences [sentence, Query, Key], in its own precision
# (five significant digits): the raw scores Q·Kᵀ before ÷√d_k, and the weights without and with the mask.
SEED_RAW_SCORES = [
    [[7.8123e-01, 5.6679e+00, 1.6042e+00, -1.1583e+01],
     [-4.7648e+00, -2.8952e+00, 2.3567e+00, 1.1395e+01],
     [5.1154e-01, 4.8865e+00, 5.5746e+00, -2.9548e+00],
     [7.5147e+00, 2.4155e+00, -3.4872e+00, -1.2357e+01]],
    [[7.8123e-01, 5.6679e+00, -6.4011e+00, -1.1583e+01],
     [-4.7648e+00, -2.8952e+00, 2.9411e+00, 1.1395e+01],
     [-9.9198e-02, 4.5737e+00, -4.3823e+00, -3.6801e+00],
     [7.5147e+00, 2.4155e+00, -3.1936e+00, -1.2357e+01]],
    [[-5.0677e+00, -3.5458e+00, 3.7870e+00, 1.0075e+01],
     [8.1959e+00, -7.9325e-01, -2.8513e+00, -1.1674e+01],
     [1.4137e+00, 3.5826e-01, 2.1527e-03, -8.5305e-01],
     [-5.1622e+00, 8.3686e+00, -6.4205e+00, -5.3026e+00]],
    [[7.8123e-01, 8.6573e+00, -1.2409e+01, -2.1995e+00],
     [-3.0083e+00, -4.2310e+00, 5.3626e+00, -4.9887e-01],
     [7.3354e+00, 1.1418e+01, -1.3426e+01, -2.1454e-02],
     [1.5489e+00, 2.9078e+00, -3.6000e+00, -2.7789e-01]],
]
SEED_WEIGHTS_WITHOUT_MASK = [
    [[1.0248e-01, 7.5345e-01, 1.4341e-01, 6.5829e-04],
     [1.3251e-03, 2.8428e-03, 2.4261e-02, 9.7157e-01],
     [6.6183e-02, 3.9484e-01, 5.2290e-01, 1.6075e-02],
     [8.8011e-01, 1.0976e-01, 9.8605e-03, 2.6385e-04]],
    [[1.1888e-01, 8.7402e-01, 6.3340e-03, 7.6363e-04],
     [1.3165e-03, 2.8243e-03, 3.0598e-02, 9.6526e-01],
     [1.2280e-01, 8.2736e-01, 2.1370e-02, 2.8465e-02],
     [8.7901e-01, 1.0962e-01, 1.1102e-02, 2.6352e-04]],
    [[1.9089e-03, 3.5531e-03, 7.0912e-02, 9.2363e-01],
     [9.6452e-01, 2.4578e-02, 1.0608e-02, 2.8927e-04],
     [3.8339e-01, 2.4918e-01, 2.1546e-01, 1.5197e-01],
     [3.9500e-03, 9.8996e-01, 2.3633e-03, 3.7301e-03]],
    [[3.8148e-02, 9.5038e-01, 1.7495e-04, 1.1298e-02],
     [2.8667e-02, 1.7402e-02, 8.7407e-01, 7.9856e-02],
     [1.5759e-01, 8.3456e-01, 3.2854e-05, 7.8193e-03],
     [2.9957e-01, 5.2172e-01, 3.6611e-02, 1.4211e-01]],
]
SEED_WEIGHTS_WITH_MASK = [
    [[1.0248e-01, 7.5345e-01, 1.4341e-01, 6.5829e-04],
     [1.3251e-03, 2.8428e-03, 2.4261e-02, 9.7157e-01],
     [6.6183e-02, 3.9484e-01, 5.2290e-01, 1.6075e-02],
     [8.8011e-01, 1.0976e-01, 9.8605e-03, 2.6385e-04]],
    [[1.1888e-01, 8.7402e-01, 6.3340e-03, 7.6363e-04],
     [1.3165e-03, 2.8243e-03, 3.0598e-02, 9.6526e-01],
     [1.2280e-01, 8.2736e-01, 2.1370e-02, 2.8465e-02],
     [8.7901e-01, 1.0962e-01, 1.1102e-02, 2.6352e-04]],
    [[1.9089e-03, 3.5531e-03, 7.0912e-02, 9.2363e-01],
     [9.6452e-01, 2.4578e-02, 1.0608e-02, 2.8927e-04],
     [3.8339e-01, 2.4918e-01, 2.1546e-01, 1.5197e-01],
     [3.9500e-03, 9.8996e-01, 2.3633e-03, 3.7301e-03]],
    [[3.8584e-02, 9.6124e-01, 1.7694e-04, 0.0000e+00],
     [3.1155e-02, 1.8913e-02, 9.4993e-01, 0.0000e+00],
     [1.5883e-01, 8.4113e-01, 3.3113e-05, 0.0000e+00],
     [3.4919e-01, 6.0814e-01, 4.2675e-02, 0.0000e+00]],
]
SEED_FILE_PATTERN = "001_*.txt"  # the seed page these tensors were printed on (../shared/seeds/)
_NUMBER = re.compile(r"[-+]?\d+\.\d+(?:e[-+]\d+)?")


def _printed_precision(value: float) -> float:
    """One unit in the last place of a number printed as x.xxxxe±yy: the seed's machine rounded its
    float32 sums a hair differently (-9.9198e-02 there is -0.0991973 here)."""
    return 10 ** (math.floor(math.log10(abs(value))) - 4) if value else 1e-4


def _lecture_cell_output(needle: str) -> str:
    """The text/plain output of the one lecture code cell whose source contains `needle`."""
    cells = [cell for cell in read_notebook(LECTURE)["cells"]
             if cell["cell_type"] == "code" and needle in cell_source(cell)]
    assert len(cells) == 1, f"{len(cells)} lecture cells contain {needle!r}"
    texts = [output.get("data", {}).get("text/plain", "") for output in cells[0].get("outputs", [])]
    return "".join("".join(text) if isinstance(text, list) else text for text in texts)


def _table_rows(text: str, width: int) -> list[list[float]]:
    """The numbers of each printed table row that holds exactly `width` of them (header lines hold none)."""
    rows = [[float(number) for number in _NUMBER.findall(line)] for line in text.splitlines()]
    return [row for row in rows if len(row) == width]


def _assert_matches_the_seed(shown: list[list[float]], seed: list, shown_decimals: int, what: str) -> None:
    """`shown` [16 rows] (sentence by sentence, Query by Query) agrees with the seed's print [4, 4, 4]."""
    expected = [row for sentence in seed for row in sentence]
    assert len(shown) == len(expected), f"{what}: {len(shown)} rows shown, the seed printed {len(expected)}"
    for index, (got_row, want_row) in enumerate(zip(shown, expected)):
        for got, want in zip(got_row, want_row, strict=True):
            tolerance = _printed_precision(want) + 0.5 * 10**-shown_decimals + 1e-9
            assert abs(got - want) <= tolerance, (
                f"{what}, sentence {index // 4 + 1}, Query {index % 4}: shows {got}, the seed printed {want}")

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
    assert {case.raises for case in cases} == {None, KeyError, ValueError, (ValueError, KeyError)}
    assert cases[0].raises is None  # a wrong value is diagnosed before any error case
    assert any(case.args[1][case.kwargs.get("pad", data.PAD)] != 0 for case in cases if case.raises is None)
    assert any("pad" in case.kwargs for case in cases)


# ---------------------------------------------------------------- positional_encoding: float32 is not a mistake
# Three honest ways of typing the formula (right fixtures, each judged on every hidden case by test_fixtures):
HONEST_POSITIONAL_ENCODINGS = {"literal pow in float32": "positional_encoding__float32_literal_pow.py",
                               "exp and log in float32": "positional_encoding__float32_exp_log.py",
                               "float64, then cast": "positional_encoding__float64_stack.py"}


def _fixture_function(filename: str):
    namespace = {"torch": torch, "math": math}
    exec((FIXTURES / ASSIGNMENT / "right" / filename).read_text(encoding="utf-8"), namespace)  # noqa: S102
    return namespace["positional_encoding"]


def _largest_positional_encoding_case():
    return max(hidden_cases("positional_encoding"), key=lambda case: case.args[0])


@pytest.mark.parametrize("filename", HONEST_POSITIONAL_ENCODINGS.values(), ids=HONEST_POSITIONAL_ENCODINGS.keys())
def test_an_honest_positional_encoding_passes_at_the_largest_hidden_max_len(filename):
    case = _largest_positional_encoding_case()
    assert case.args[0] == PE_LARGEST_MAX_LEN
    core.grade_code("positional_encoding", LocalFunction(_fixture_function(filename)), [case])


def test_the_largest_hidden_max_len_needs_the_slack_and_the_slack_is_the_formulas_own_float32_error():
    """Without the slack, the formula typed literally in float32 fails at max_len 512 (it differs from the
    reference by 2 roundings of the largest angle); the slack forgives 4, and the float64 table is within 1.5."""
    case = _largest_positional_encoding_case()
    max_len, d_model = case.args
    expected = reference.positional_encoding(max_len, d_model)
    literal = _fixture_function(HONEST_POSITIONAL_ENCODINGS["literal pow in float32"])(max_len, d_model)
    assert core.compare(expected, literal, "") is not None
    assert case.slack == positional_encoding_slack(max_len)
    one_rounding = 2.0 ** -24 * (max_len - 1)
    exact = torch.zeros(max_len, d_model, dtype=torch.float64)
    angles = torch.arange(max_len, dtype=torch.float64)[:, None] / 10000 ** (
        torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    exact[:, 0::2], exact[:, 1::2] = angles.sin(), angles.cos()
    assert float((expected.double() - exact).abs().max()) <= 1.5 * one_rounding
    for filename in HONEST_POSITIONAL_ENCODINGS.values():
        table = _fixture_function(filename)(max_len, d_model).double()
        assert float((table - exact).abs().max()) <= 2.5 * one_rounding, filename
        assert float((table - expected.double()).abs().max()) <= 4 * one_rounding <= case.slack, filename


def test_every_wrong_positional_encoding_is_far_outside_the_slack():
    for entry in for_exercise("positional_encoding"):
        assert any(core.compare(case.call(reference.positional_encoding), outcome(entry.variant, case), "",
                                slack=100 * case.slack) is not None for case in hidden_cases("positional_encoding")
                   if not isinstance(outcome(entry.variant, case), type)), entry.code



def test_encode_takes_tuples_like_the_lectures_sentences_and_lists_alike():
    cases = [case for case in hidden_cases("encode") if case.raises is None]
    assert {type(case.args[0]) for case in cases} == {list, tuple}
    assert isinstance(data.SENTENCES[3], tuple)  # what the visible example hands over
    list_only = next(entry for entry in for_exercise("encode") if entry.id == "list_only")
    assert all(outcome(list_only.variant, case) is TypeError for case in cases if isinstance(case.args[0], tuple))
    text = " ".join(instructions(ASSIGNMENT, "encode").split())
    assert "강의의 `data.SENTENCES`처럼 튜플일 수도 있습니다" in text


def test_a_sentence_too_long_with_an_unknown_word_may_raise_either_error():
    """Checking the length first (the reference) and checking the words first (two right fixtures) are both right:
    the case that has both mistakes accepts ValueError and KeyError, and the instructions say so."""
    both = [case for case in hidden_cases("encode") if isinstance(case.raises, tuple)]
    assert len(both) == 1 and set(both[0].raises) == {ValueError, KeyError}
    words, vocab, max_len = both[0].args
    assert len(words) > max_len and any(word not in vocab for word in words)
    for fixture in ("encode__comprehension_and_slice.py", "encode__while_loop.py"):  # words first
        namespace: dict = {}
        exec((FIXTURES / ASSIGNMENT / "right" / fixture).read_text(encoding="utf-8"), namespace)  # noqa: S102
        assert outcome(namespace["encode"], both[0]) is KeyError, fixture
        core.grade_code("encode", LocalFunction(namespace["encode"]), both)
    assert outcome(reference.encode, both[0]) is ValueError
    text = " ".join(instructions(ASSIGNMENT, "encode").split())
    assert "어느 것을 먼저 확인해도 됩니다" in text and "`ValueError`와 `KeyError` 둘 다 맞는 답입니다" in text


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


def test_the_classic_wrong_answers_of_ch03_are_catalogued():
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
    code = ("def encode(words, vocab, max_len, pad='[PAD]'):\n"
            "    ids = [vocab[word] for word in words][:max_len]  # 긴 문장을 조용히 잘라 냄\n"
            "    return ids + [vocab[pad]] * (max_len - len(ids))\n")
    result = run_assignment(ASSIGNMENT, {"encode": code})["test_encode"]
    assert result.points == 0
    assert "ValueError" in result.message


def test_raising_another_exception_for_a_long_sentence_costs_the_points_and_says_which():
    code = (FIXTURES / ASSIGNMENT / "wrong" / "encode__wrong_exception.py").read_text(encoding="utf-8")
    result = run_assignment(ASSIGNMENT, {"encode": code})["test_encode"]
    assert result.points == 0
    assert "ValueError를 내야 하는데" in result.message and "Exception" in result.message


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


def test_reference_reproduces_the_seed_s_raw_scores_and_all_weights():
    (Q, K, V, mask), (_, plain), (_, masked) = _lecture_setup()
    for got, seed, what in ((Q @ K.transpose(-2, -1), SEED_RAW_SCORES, "raw scores"),
                            (plain, SEED_WEIGHTS_WITHOUT_MASK, "weights without the mask"),
                            (masked, SEED_WEIGHTS_WITH_MASK, "weights with the mask")):
        _assert_matches_the_seed(got.reshape(16, 4).tolist(), seed, 12, what)


@pytest.mark.skipif(not list(ROOT.parent.glob(f"shared/seeds/{SEED_FILE_PATTERN}")),
                    reason="the seed pages are not beside this checkout")
def test_seed_constants_are_the_seed_s_own_print():
    """The constants above are transcribed from the seed page; this keeps them honest where it is at hand."""
    text = next(ROOT.parent.glob(f"shared/seeds/{SEED_FILE_PATTERN}")).read_text(encoding="utf-8")

    def printed(section: str, label: str) -> list[float]:
        part = text[text.index(f"\n{section}\n"):]  # the printed heading, not the print() call
        body = part[part.index(label + "\ntensor(") + len(label):]
        return [float(number) for number in _NUMBER.findall(body[: body.index("grad_fn")])]

    flat = [value for sentence in SEED_RAW_SCORES for row in sentence for value in row]
    assert printed("6. ATTENTION WITHOUT MASK", "raw scores:") == flat
    flat = [value for sentence in SEED_WEIGHTS_WITHOUT_MASK for row in sentence for value in row]
    assert printed("6. ATTENTION WITHOUT MASK", "attention weights:") == flat
    flat = [value for sentence in SEED_WEIGHTS_WITH_MASK for row in sentence for value in row]
    assert printed("7. ATTENTION WITH PADDING MASK", "attention weights:") == flat


# ---------------------------------------------------------------- the lecture
def test_lecture_shows_the_seed_s_raw_scores_of_all_four_sentences():
    shown = _table_rows(_lecture_cell_output("raw_scores = Q @ K.transpose(-2, -1)"), width=4)
    _assert_matches_the_seed(shown, SEED_RAW_SCORES, 4, "raw scores Q·Kᵀ")


def test_lecture_shows_the_seed_s_weights_of_all_four_sentences_without_and_with_the_mask():
    shown = _table_rows(_lecture_cell_output('"마스크 없이": batch_table(weights_plain)'), width=8)
    _assert_matches_the_seed([row[:4] for row in shown], SEED_WEIGHTS_WITHOUT_MASK, 4, "weights without the mask")
    _assert_matches_the_seed([row[4:] for row in shown], SEED_WEIGHTS_WITH_MASK, 4, "weights with the mask")


def test_lecture_shows_that_a_zero_key_for_pad_still_takes_weight():
    shown = _table_rows(_lecture_cell_output("K_pad_zero[3, 3] = 0.0"), width=3)
    assert [row[1] for row in shown] == [0.0273, 0.0962, 0.0079, 0.1565]  # [PAD] column with K[PAD] = 0, no mask
    assert [row[2] for row in shown] == [0.0] * 4  # with the mask


def test_lecture_outputs_show_every_number_course_md_lists_for_ch03():
    outputs = notebook_text_outputs(LECTURE)
    for row in ("나는     0.0386  0.9612  0.0002    0.0", "집에     0.0312  0.0189  0.9499    0.0",
                "간다     0.1588  0.8411  0.0000    0.0", "[PAD]  0.3492  0.6081  0.0427    0.0",  # with the mask
                "나는     0.0113      0.0", "집에     0.0799      0.0", "간다     0.0078      0.0",
                "[PAD]  0.1421      0.0"):  # [PAD] column without / with the mask
        assert row in outputs, row
    assert "[PAD] 열이 정확히 0인가요? True" in outputs
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
