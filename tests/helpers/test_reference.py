"""helpers.reference: the one attention agrees with torch's, and every exercise behaves as taught."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import data, reference

shapes = st.fixed_dictionaries({
    "batch": st.lists(st.integers(1, 3), min_size=0, max_size=2),  # leading dims: [], [B], [B, H]
    "S_q": st.integers(1, 6), "S_k": st.integers(1, 6), "d_k": st.integers(1, 8), "d_v": st.integers(1, 8),
    "seed": st.integers(0, 2**31 - 1), "masked": st.booleans(), "mask_kind": st.sampled_from(["bool", "int"]),
})


def _inputs(spec, dtype=torch.float64):
    generator = torch.Generator().manual_seed(spec["seed"])
    batch, S_q, S_k = spec["batch"], spec["S_q"], spec["S_k"]
    query = torch.randn(*batch, S_q, spec["d_k"], generator=generator, dtype=dtype)
    key = torch.randn(*batch, S_k, spec["d_k"], generator=generator, dtype=dtype)
    value = torch.randn(*batch, S_k, spec["d_v"], generator=generator, dtype=dtype)
    # a key-padding mask [..., 1, S_k] that keeps at least one key per row
    keep = torch.rand(*batch, 1, S_k, generator=generator) > 0.4
    keep[..., 0] = True
    return query, key, value, keep


@settings(max_examples=250, deadline=None, derandomize=True)
@given(shapes)
def test_attention_matches_torch_scaled_dot_product_attention(spec):
    query, key, value, keep = _inputs(spec)
    mask = keep if spec["masked"] else None
    given_mask = None if mask is None else (mask if spec["mask_kind"] == "bool" else mask.long())
    output, p_attn = reference.attention(query, key, value, given_mask)
    expected = F.scaled_dot_product_attention(query, key, value, attn_mask=mask)
    torch.testing.assert_close(output, expected, rtol=0, atol=1e-6)
    torch.testing.assert_close(p_attn.sum(-1), torch.ones_like(p_attn.sum(-1)), rtol=0, atol=1e-12)
    if mask is not None:
        assert bool((p_attn.masked_select(~mask.expand_as(p_attn)) == 0).all())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(shapes)
def test_attention_keeps_float32_and_leaves_inputs_untouched(spec):
    query, key, value, keep = _inputs(spec, dtype=torch.float32)
    copies = [t.clone() for t in (query, key, value, keep)]
    output, p_attn = reference.attention(query, key, value, keep)
    assert output.dtype == p_attn.dtype == torch.float32
    for before, after in zip(copies, (query, key, value, keep)):
        assert torch.equal(before, after)


def test_a_fully_masked_row_is_uniform_and_finite():
    query, key, value = torch.randn(1, 2, 4), torch.randn(1, 3, 4), torch.randn(1, 3, 5)
    nothing_to_see = torch.zeros(1, 1, 3, dtype=torch.bool)
    output, p_attn = reference.masked_attention(query, key, value, nothing_to_see)
    assert torch.isfinite(output).all()
    torch.testing.assert_close(p_attn, torch.full_like(p_attn, 1 / 3))


def test_row_softmax_is_finite_for_huge_scores_and_minus_infinity():
    scores = torch.tensor([[1e9, -1e9, 0.0], [1000.0, 0.0, -1000.0], [0.0, -math.inf, 1.0],
                           [-math.inf, -math.inf, -math.inf]])
    weights = reference.row_softmax(scores)
    assert torch.isfinite(weights).all()
    torch.testing.assert_close(weights[:3], torch.softmax(scores[:3], dim=-1))
    torch.testing.assert_close(weights[3], torch.full((3,), 1 / 3))


def test_softmax_1d_is_stable_on_extreme_numpy_input():
    weights = reference.softmax_1d(np.array([1000.0, 0.0, -1000.0]))
    assert np.isfinite(weights).all() and weights[0] == pytest.approx(1.0)


def test_positional_encoding_follows_the_closed_formula():
    max_len, d_model = 50, 16
    pe = reference.positional_encoding(max_len, d_model).double()
    for position in range(max_len):
        for i in range(d_model // 2):
            angle = position / 10000 ** (2 * i / d_model)
            assert pe[position, 2 * i].item() == pytest.approx(math.sin(angle), abs=1e-5)
            assert pe[position, 2 * i + 1].item() == pytest.approx(math.cos(angle), abs=1e-5)


def test_positional_encoding_gives_every_position_its_own_vector():
    pe = reference.positional_encoding(100, 6)
    assert torch.cdist(pe, pe).add(torch.eye(100)).min() > 0


def test_padding_mask_hides_pad_keys_only():
    mask = reference.padding_mask(data.sentence_batch())
    assert mask.shape == (4, 1, 4) and mask.dtype == torch.bool
    assert mask[3, 0].tolist() == [True, True, True, False]
    assert bool(mask[:3].all())


def test_the_lecture_numbers_come_out_of_the_reference():
    Q, K, V = data.handmade_qkv()
    output, weights = reference.self_attention(Q, K, V)
    assert reference.dot_scores(Q, K).tolist() == [[0, 2, 0, 1], [4, 0, 0, 0], [0, 4, 0, 2], [0, 2, 0, 1]]
    assert weights[2].double().numpy().round(2).tolist() == [0.04, 0.73, 0.04, 0.18]
    assert output.double().numpy().round(2).tolist()[1] == [1.70, 0.15]
    table = reference.score_std_table()
    assert table["점수 표준편차"].tolist() == [2.07, 4.06, 7.86, 15.90]
    assert table["나눈 뒤 표준편차"].tolist() == [1.04, 1.02, 0.98, 0.99]


def test_encode_pads_and_refuses_what_it_cannot_encode():
    assert reference.encode(["나는", "집에", "간다"], data.VOCAB, 4) == [1, 8, 4, 0]
    with pytest.raises(KeyError, match="학교로"):
        reference.encode(["나는", "학교로"], data.VOCAB, 4)
    with pytest.raises(ValueError, match="5"):
        reference.encode(["나는"] * 5, data.VOCAB, 4)


def test_row_entropy_counts_zero_log_zero_as_zero():
    weights = torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]])
    entropy = reference.row_entropy(weights)
    torch.testing.assert_close(entropy, torch.tensor([0.0, math.log(4)]))


def test_scaled_init_keeps_unit_scale_outputs():
    weight = reference.scaled_init(512, 256, generator=torch.Generator().manual_seed(0))
    assert weight.shape == (512, 256)
    assert weight.std().item() == pytest.approx(1 / math.sqrt(512), rel=0.02)


def test_embeddings_scale_by_sqrt_d_model_and_keep_pad_at_zero():
    torch.manual_seed(0)
    embeddings = reference.Embeddings(d_model=6, vocab_size=len(data.VOCAB))
    vectors = embeddings(data.sentence_batch())
    assert vectors.shape == (4, 4, 6)
    assert torch.equal(vectors[3, 3], torch.zeros(6))
    torch.testing.assert_close(vectors[0, 0], embeddings.table.weight[1] * math.sqrt(6))


@pytest.mark.parametrize(("call", "names"), [
    (lambda: reference.dot_scores(torch.zeros(3, 4), torch.zeros(3, 5)), ["Q", "K", "[3, 4]", "[3, 5]"]),
    (lambda: reference.positional_encoding(10, 5), ["d_model", "5"]),
    (lambda: reference.masked_attention(torch.zeros(2, 3, 4), torch.zeros(2, 3, 4), torch.zeros(2, 3, 4),
                                        torch.ones(2, 5, 1, dtype=torch.bool)), ["mask", "[2, 5, 1]", "[2, 3, 3]"]),
    (lambda: reference.padding_mask(torch.zeros(2, 3, 4)), ["x", "[2, 3, 4]"]),
    (lambda: reference.mix_values(torch.zeros(2, 3), torch.zeros(4, 5)), ["weights", "V", "S_k"]),
    (lambda: reference.project_qkv(torch.zeros(4, 8), torch.zeros(8, 8), torch.zeros(7, 8), torch.zeros(8, 8)),
     ["Wk", "[7, 8]", "d_in"]),
    (lambda: reference.compare_scaling(np.zeros(4), np.zeros((3, 5))), ["q", "keys", "[4]", "[3, 5]"]),
])
def test_bad_input_raises_value_error_naming_argument_and_shapes(call, names):
    with pytest.raises(ValueError) as raised:
        call()
    for name in names:
        assert name in str(raised.value)
