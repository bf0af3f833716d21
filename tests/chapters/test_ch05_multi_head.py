"""ch05 (멀티 헤드 어텐션: 나누고 합치기, 그리고 미래를 가리는 마스크): the reference against torch's
nn.MultiheadAttention, the hidden cases, the catalogue, and the lecture's stored outputs."""

from __future__ import annotations

import re
import signal

import pytest
import torch
from course_testing import instructions, notebook_text_outputs, run_assignment
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

from helpers import data, reference
from helpers.grading import core, hidden_cases
from helpers.misconceptions import ch05 as catalogue
from helpers.paths import ROOT

EXERCISES = ("split_heads", "merge_heads", "causal_mask", "decoder_mask", "multi_head_attention")
LECTURE = ROOT / "notebooks" / "05_multi_head.ipynb"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


# ---------------------------------------------------------------- the reference equals nn.MultiheadAttention
def _torch_module(W_q, W_k, W_v, W_o, num_heads):
    """nn.MultiheadAttention(batch_first=True, bias=False) holding our weights (x @ W ↔ x @ weight.T)."""
    d_model = W_q.shape[0]
    module = nn.MultiheadAttention(d_model, num_heads, bias=False, batch_first=True, dtype=W_q.dtype)
    with torch.no_grad():
        module.in_proj_weight.copy_(torch.cat([W_q.T, W_k.T, W_v.T]))
        module.out_proj.weight.copy_(W_o.T)
    return module


attention_inputs = st.fixed_dictionaries({
    "B": st.integers(1, 3), "S_q": st.integers(1, 6), "S_k": st.integers(1, 6), "heads": st.integers(1, 4),
    "d_k": st.integers(1, 4), "self_attention": st.booleans(), "seed": st.integers(0, 2**31 - 1),
    "masks": st.sampled_from(["none", "padding", "causal", "both"]),
})


@settings(max_examples=240, deadline=None, derandomize=True)
@given(attention_inputs)
def test_reference_equals_torch_multihead_attention_with_the_same_weights(spec):
    """Output, per-head and averaged weights within 1e-6 in float64; rows whose keys are all masked
    are left out (ours: uniform, from the finite -1e9; torch: NaN)."""
    generator = torch.Generator().manual_seed(spec["seed"])
    B, heads = spec["B"], spec["heads"]
    d_model = heads * spec["d_k"]
    S_q = spec["S_q"]
    S_k = S_q if spec["self_attention"] else spec["S_k"]

    def draw(*shape):
        return torch.randn(*shape, generator=generator, dtype=torch.float64)

    query = draw(B, S_q, d_model)
    key, value = (query, query) if spec["self_attention"] else (draw(B, S_k, d_model), draw(B, S_k, d_model))
    weights = [draw(d_model, d_model) / d_model ** 0.5 for _ in range(4)]
    keep_keys = torch.rand(B, S_k, generator=generator) > 0.3  # True = may be attended (ours)
    causal = torch.tril(torch.ones(S_q, S_k, dtype=torch.bool))
    ours, theirs = torch.ones(B, 1, S_q, S_k, dtype=torch.bool), {}
    if spec["masks"] in ("padding", "both"):
        ours = ours & keep_keys[:, None, None, :]
        theirs["key_padding_mask"] = ~keep_keys  # torch: True = ignore
    if spec["masks"] in ("causal", "both"):
        ours = ours & causal
        theirs["attn_mask"] = ~causal
    output, p_attn = reference.multi_head_attention(query, key, value, *weights, heads,
                                                    None if spec["masks"] == "none" else ours)
    with torch.no_grad():
        module = _torch_module(*weights, heads)
        torch_output, torch_p = module(query, key, value, average_attn_weights=False, **theirs)
        _, torch_mean = module(query, key, value, average_attn_weights=True, **theirs)
    seen = ours.any(dim=-1)[:, 0]  # [B, S_q]: rows with at least one visible key
    assert torch.isfinite(output).all() and torch.isfinite(p_attn).all()
    torch.testing.assert_close(output[seen], torch_output[seen], rtol=0, atol=1e-6)
    torch.testing.assert_close(p_attn.transpose(1, 2)[seen], torch_p.transpose(1, 2)[seen], rtol=0, atol=1e-6)
    torch.testing.assert_close(p_attn.mean(dim=1)[seen], torch_mean[seen], rtol=0, atol=1e-6)
    if not seen.all():  # a row that hides every key: uniform for us, NaN for torch on this path
        torch.testing.assert_close(p_attn.transpose(1, 2)[~seen], torch.full_like(p_attn.transpose(1, 2)[~seen],
                                                                                  1 / S_k))
        assert torch.isnan(torch_p.transpose(1, 2)[~seen]).all()


def test_the_comparison_above_would_catch_a_mask_of_the_wrong_polarity():
    generator = torch.Generator().manual_seed(0)
    X = torch.randn(2, 4, 6, generator=generator, dtype=torch.float64)
    weights = [torch.randn(6, 6, generator=generator, dtype=torch.float64) for _ in range(4)]
    keep = torch.tensor([[True, True, True, False], [True, True, False, False]])
    output, _ = reference.multi_head_attention(X, X, X, *weights, 3, keep[:, None, None, :])
    with torch.no_grad():
        right, _ = _torch_module(*weights, 3)(X, X, X, key_padding_mask=~keep)
        wrong, _ = _torch_module(*weights, 3)(X, X, X, key_padding_mask=keep)
    torch.testing.assert_close(output, right, rtol=0, atol=1e-6)
    assert not torch.allclose(output, wrong, atol=1e-3)


# ---------------------------------------------------------------- the reference's own promises
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_merge_heads_undoes_split_heads_and_keeps_the_dtype(dtype):
    x = torch.randn(3, 5, 12, generator=torch.Generator().manual_seed(1), dtype=dtype)
    for heads in (1, 2, 3, 4, 6, 12):
        split = reference.split_heads(x, heads)
        assert split.shape == (3, heads, 5, 12 // heads) and split.dtype == dtype
        assert torch.equal(reference.merge_heads(split), x)
        assert torch.equal(split[:, 1 % heads, 2], x[:, 2, (1 % heads) * (12 // heads):(1 % heads + 1) * (12 // heads)])


def test_split_heads_refuses_a_head_count_that_does_not_divide_d_model_in_korean():
    for d_model, heads in ((6, 4), (10, 3), (5, 2)):
        with pytest.raises(ValueError, match=rf"d_model={d_model}") as raised:
            reference.split_heads(torch.zeros(1, 2, d_model), heads)
        assert HANGUL.search(str(raised.value))


def test_causal_mask_is_the_lower_triangle_and_decoder_mask_adds_the_padding():
    assert torch.equal(reference.causal_mask(5), torch.ones(5, 5).tril().bool())
    assert reference.causal_mask(0).shape == (0, 0)
    x = data.sentence_batch()
    mask = reference.decoder_mask(x)
    assert mask.shape == (4, 1, 4, 4) and mask.dtype == torch.bool
    assert torch.equal(mask[:3, 0], reference.causal_mask(4).expand(3, 4, 4))
    assert not mask[3, 0, :, 3].any() and mask[3, 0, 3, :3].all()
    assert torch.equal(reference.decoder_mask(x + 1, pad_id=1), mask)


def test_multi_head_attention_leaves_its_inputs_alone_keeps_float32_and_hides_masked_keys_exactly():
    X, weights = data.embedded_batch(), data.multi_head_weights()
    mask = reference.decoder_mask(data.sentence_batch())
    copies = [t.clone() for t in (X, *weights, mask)]
    output, p_attn = reference.multi_head_attention(X, X, X, *weights, 3, mask)
    for before, after in zip(copies, (X, *weights, mask)):
        assert torch.equal(before, after)
    assert output.dtype == p_attn.dtype == torch.float32
    assert output.shape == (4, 4, 6) and p_attn.shape == (4, 3, 4, 4)
    assert bool((p_attn.masked_select(~mask.expand_as(p_attn)) == 0).all())
    torch.testing.assert_close(p_attn.sum(dim=-1), torch.ones(4, 3, 4))


def test_one_head_of_width_d_model_is_ch04s_single_attention_followed_by_w_o():
    X, (W_q, W_k, W_v, W_o) = data.embedded_batch(), data.multi_head_weights()
    output, p_attn = reference.multi_head_attention(X, X, X, W_q, W_k, W_v, W_o, 1)
    single, weights = reference.attention(*reference.project_qkv(X, W_q, W_k, W_v))
    torch.testing.assert_close(p_attn[:, 0], weights)
    torch.testing.assert_close(output, single @ W_o)


def test_the_hand_made_two_heads_give_the_lecture_numbers():
    Q, K, V = (t[None] for t in data.handmade_qkv())
    out, weights = reference.attention(*(reference.split_heads(t, 2) for t in (Q, K, V)))
    merged = reference.merge_heads(out)[0]
    assert round(weights[0, 0, 1, 0].item(), 3) == 0.948  # 물건 머리, 배송 줄, 이불 열
    assert round(weights[0, 1, 2, 1].item(), 3) == 0.853  # 배송 머리, 언제 줄, 배송 열
    assert torch.equal(weights[0, 0, 0], torch.full((4,), 0.25))  # 이불 asks nothing of 물건
    assert [round(v, 2) for v in merged[1].tolist()] == [1.9, 0.75]
    assert round(merged[2, 1].item(), 2) == 1.82


# ---------------------------------------------------------------- the hidden cases
def test_split_heads_cases_refuse_three_head_counts_and_hold_one_head_and_float64():
    cases = hidden_cases("split_heads")
    refused = [case for case in cases if case.raises is not None]
    assert len(refused) == 3 and all(case.raises is ValueError for case in refused)
    assert all(case.args[0].shape[-1] % case.args[1] for case in refused)
    kept = [case for case in cases if case.raises is None]
    assert any(case.args[1] == 1 for case in kept) and any(case.args[0].dtype == torch.float64 for case in kept)
    assert sum(case.args[1] > 1 and case.args[0].shape[1] > 1 for case in kept) >= 8  # where a bare reshape differs


def test_merge_heads_cases_hold_contiguous_and_transposed_inputs():
    inputs = [case.args[0] for case in hidden_cases("merge_heads")]
    assert sum(t.is_contiguous() for t in inputs) >= 5 and sum(not t.is_contiguous() for t in inputs) >= 3



# ---------------------------------------------------------------- one mistake costs once: merge_heads alone
RIGHT_MERGE = "def merge_heads(x):\n    B, h, S, d_k = x.shape\n    return x.transpose(1, 2).reshape(B, S, h * d_k)\n"
BROKEN_SPLITS = {
    "unanswered": "def split_heads(x, num_heads):\n    raise NotImplementedError()\n",
    "no transpose": ("def split_heads(x, num_heads):\n    B, S, d_model = x.shape\n"
                     "    return x.reshape(B, num_heads, S, d_model // num_heads)\n"),
    "never returns": "def split_heads(x, num_heads):\n    while True:\n        pass\n",
}


class _CellRanTooLong(Exception):
    """A cell of the notebook under test ran past its time: the cell fails (instead of the test hanging)."""


@pytest.mark.parametrize("trusted", [False, True], ids=["in_kernel", "checker"])
@pytest.mark.parametrize("split", BROKEN_SPLITS.values(), ids=BROKEN_SPLITS.keys())
def test_a_right_merge_heads_keeps_its_points_whatever_split_heads_does(split, trusted):
    """The merge_heads test cell calls no split_heads of the student's: a wrong, unanswered or endless split_heads
    costs 문제 1 alone."""
    def too_long(signum, frame):
        raise _CellRanTooLong("CPU 60 초 넘게 돌았습니다")

    # CPU time, not SIGALRM: the checks time the student's calls with SIGALRM themselves
    previous = signal.signal(signal.SIGVTALRM, too_long)
    signal.setitimer(signal.ITIMER_VIRTUAL, 60)
    try:
        result = run_assignment("ch05_multi_head", {"split_heads": split, "merge_heads": RIGHT_MERGE},
                                only={"test_merge_heads"}, trusted=trusted)["test_merge_heads"]
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
    assert result.passed, result.message


def test_the_merge_heads_instructions_say_its_test_does_not_use_the_students_split_heads():
    text = " ".join(instructions("ch05_multi_head", "merge_heads").split())
    assert "테스트는 여러분의 `split_heads`를 부르지 않고" in text and "merge_heads(heads)" in text


def test_only_the_invalid_inputs_the_instructions_name_are_graded():
    """split_heads: head counts that do not divide d_model, never num_heads ≤ 0; causal_mask: never a negative size
    (the reference refuses both, but the instructions promise they are not graded), for any course key."""
    for secret in (None, *(bytes([key]) * 16 for key in range(8))):
        for case in core.hidden_cases("split_heads", secret):
            x, heads = case.args
            assert heads > 0 and (case.raises is None) == (x.shape[-1] % heads == 0), case.label
        assert all(case.args[0] >= 0 for case in core.hidden_cases("causal_mask", secret))
    split_text = " ".join(instructions("ch05_multi_head", "split_heads").split())
    assert "`num_heads`가 0 이하인 입력은 나오지 않으니" in split_text
    assert "음수 `size`는 채점하지 않으니" in instructions("ch05_multi_head", "causal_mask")


def test_decoder_mask_cases_hold_other_pad_ids_int32_ids_and_a_sentence_of_padding_only():
    cases = hidden_cases("decoder_mask")
    assert any(case.kwargs.get("pad_id", 0) != 0 for case in cases)
    assert any(case.args[0].dtype == torch.int32 for case in cases)
    assert any(bool((case.args[0] == case.kwargs.get("pad_id", 0)).all(dim=-1).any()) for case in cases)


def test_multi_head_attention_cases_hold_every_mask_form_cross_attention_and_a_fully_masked_row():
    cases = hidden_cases("multi_head_attention")
    masks = [case.args[8] for case in cases if len(case.args) == 9]
    forms = {(mask.dim(), tuple(size == 1 for size in mask.shape)) for mask in masks}
    assert {(4, (False, True, True, False)), (4, (False, True, False, False)), (2, (False, False)),
            (4, (True, True, True, False))} <= forms
    assert any(mask.dtype != torch.bool for mask in masks)
    assert any(len(case.args) == 8 for case in cases)  # no mask
    assert any(case.args[0].shape[1] != case.args[1].shape[1] for case in cases)  # S_q ≠ S_k
    assert any(case.args[0].dtype == torch.float64 for case in cases)
    assert any(case.args[7] == 1 for case in cases) and any(case.args[0].shape[0] == case.args[7] for case in cases)
    fully_masked = [mask for mask in masks if mask.dim() == 4 and not bool(mask.any(dim=-1).all())]
    assert fully_masked


# ---------------------------------------------------------------- the catalogue
def test_catalogue_covers_the_wrong_answers_the_issue_names():
    ids = {entry.code for entry in catalogue.MISCONCEPTIONS}
    assert {"split_heads/reshape_no_transpose", "merge_heads/no_transpose", "multi_head_attention/scale_by_d_model",
            "causal_mask/hides_diagonal", "causal_mask/shows_next", "causal_mask/triu", "causal_mask/inverted",
            "multi_head_attention/mask_inverted", "decoder_mask/inverted", "multi_head_attention/no_output_weight",
            "merge_heads/heads_averaged", "decoder_mask/padding_3d", "decoder_mask/no_head_axis"} <= ids
    for name in EXERCISES:
        assert sum(entry.exercise == name for entry in catalogue.MISCONCEPTIONS) >= 3
    assert {"decoder_mask/or_not_and", "merge_heads/interleaved", "merge_heads/view_only",
            "multi_head_attention/no_scaling", "multi_head_attention/mask_after_softmax",
            "multi_head_attention/mask_unsqueezed"} <= ids




def test_a_three_dimensional_mask_lines_sentences_up_with_heads_silently_when_b_equals_h():
    """Why decoder_mask must be [B, 1, S, S]: ch03's [B, 1, S] runs without error when B = h, and is wrong."""
    x = data.sentence_batch()[2:]  # two sentences, the second padded
    X, weights = data.embedded_batch()[2:], data.multi_head_weights()
    _, right = reference.multi_head_attention(X, X, X, *weights, 2, reference.padding_mask(x).unsqueeze(1))
    _, wrong = reference.multi_head_attention(X, X, X, *weights, 2, reference.padding_mask(x))
    assert right.shape == wrong.shape and not torch.allclose(right, wrong)
    assert (wrong[0, 1, :, 3] == 0).all() and (wrong[1, 0, :, 3] > 0).all()


# ---------------------------------------------------------------- the lecture's stored outputs
def test_lecture_outputs_show_the_two_heads_the_shapes_and_the_torch_comparison():
    text = notebook_text_outputs(LECTURE)
    for shown in ("0.948", "0.853", "1.896", "0.750", "1.821", "1.822", "(1, 2, 4, 1)", "(4, 3, 4, 2)",
                  "(4, 1, 1, 4)", "(4, 1, 4, 4)", "d_k = 2", "1048576", "같음 (차이 < 1e-6)", "NaN",
                  "ValueError: d_model=6"):
        assert shown in text, shown
    assert "다름" not in text
    assert "stderr" not in LECTURE.read_text(encoding="utf-8")  # the figures: test_ch05_lecture_claims.py
