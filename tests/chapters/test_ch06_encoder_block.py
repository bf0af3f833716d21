"""ch06 (인코더 층: 잔차, LayerNorm, FFN): the reference against torch's LayerNorm and
TransformerEncoderLayer, the parameter record, the hidden cases, the catalogue, and the lecture's stored outputs."""

from __future__ import annotations

import copy
import re

import pytest
import torch
from course_testing import COURSE, FIXTURES, instructions, notebook_text_outputs, run_assignment
from hypothesis import given, settings
from hypothesis import strategies as st
from torch import nn

from autograder.course.notebook import cell_source, grade_id, nbgrader_metadata, read_notebook
from helpers import data, reference
from helpers.grading import core, hidden_cases
from helpers.misconceptions import ch06 as catalogue
from helpers.paths import ROOT

EXERCISES = ("layer_norm", "feed_forward", "add_and_norm", "encoder_layer")
LECTURE = ROOT / "notebooks" / "06_encoder_block.ipynb"
TOLERANCE = {torch.float32: 1e-5, torch.float64: 1e-10}


# ---------------------------------------------------------------- the reference equals nn.TransformerEncoderLayer
layer_inputs = st.fixed_dictionaries({
    "B": st.integers(1, 3), "S": st.integers(1, 6), "heads": st.integers(1, 4), "d_k": st.integers(1, 4),
    "d_ff": st.one_of(st.none(), st.integers(1, 12)), "norm_first": st.booleans(),
    "masks": st.sampled_from(["none", "padding", "causal", "both"]), "float64": st.booleans(),
    "seed": st.integers(0, 2**31 - 1),
})


@settings(max_examples=240, deadline=None, derandomize=True)
@given(layer_inputs)
def test_reference_encoder_layer_equals_torch_transformer_encoder_layer(spec):
    """Both norm orders, with and without padding and causal masks, d_ff = 4·d_model or not: within 1e-5 in
    float32 and 1e-10 in float64 (train mode, dropout 0: no fast path). Sentences whose keys are all masked are
    left out: ours mixes them uniformly (the finite -1e9), torch does not (the lecture's §8 says so)."""
    dtype = torch.float64 if spec["float64"] else torch.float32
    generator = torch.Generator().manual_seed(spec["seed"])
    B, S, heads = spec["B"], spec["S"], spec["heads"]
    d_model = heads * spec["d_k"]
    params = data.encoder_layer_params(d_model, heads, spec["d_ff"], seed=spec["seed"], dtype=dtype)
    x = torch.randn(B, S, d_model, generator=generator, dtype=dtype)
    keep_keys = torch.rand(B, S, generator=generator) > 0.3  # True = may be attended (ours)
    causal = torch.tril(torch.ones(S, S, dtype=torch.bool))
    ours, theirs = torch.ones(B, 1, S, S, dtype=torch.bool), {}
    if spec["masks"] in ("padding", "both"):
        ours = ours & keep_keys[:, None, None, :]
        theirs["src_key_padding_mask"] = ~keep_keys  # torch: True = ignore
    if spec["masks"] in ("causal", "both"):
        ours = ours & causal
        theirs["src_mask"] = ~causal
    output = reference.encoder_layer(x, params, None if spec["masks"] == "none" else ours, spec["norm_first"])
    layer = reference.torch_encoder_layer(params, spec["norm_first"]).train()
    with torch.no_grad():
        torch_output = layer(x, **theirs)
    defined = ours.any(dim=-1)[:, 0].all(dim=-1)  # [B]: sentences where every row sees at least one key
    assert output.shape == x.shape and output.dtype == dtype and torch.isfinite(output).all()
    torch.testing.assert_close(output[defined], torch_output[defined], rtol=0, atol=TOLERANCE[dtype])


def test_the_comparison_above_would_catch_the_other_norm_order_and_a_missing_mask():
    params = data.encoder_layer_params(dtype=torch.float64)
    X, mask = data.embedded_batch().double(), reference.padding_mask(data.sentence_batch()).unsqueeze(1)
    with torch.no_grad():
        post = reference.torch_encoder_layer(params).train()(X, src_key_padding_mask=~mask[:, 0, 0])
    torch.testing.assert_close(reference.encoder_layer(X, params, mask), post, rtol=0, atol=1e-10)
    assert (reference.encoder_layer(X, params, mask, norm_first=True) - post).abs().max() > 0.1
    assert (reference.encoder_layer(X, params) - post)[3].abs().max() > 0.1  # sentence 4 holds a [PAD]


def test_torch_layer_holds_our_weights_and_no_attention_bias():
    params = data.encoder_layer_params()
    layer = reference.torch_encoder_layer(params, norm_first=True)
    assert layer.norm_first and layer.linear1.out_features == params.d_ff == 24
    assert torch.equal(layer.self_attn.in_proj_bias, torch.zeros(18)) and torch.equal(layer.self_attn.out_proj.bias,
                                                                                          torch.zeros(6))
    assert torch.equal(layer.linear1.weight, params.W1.T) and torch.equal(layer.norm2.bias, params.beta2)


# ---------------------------------------------------------------- the reference's own promises
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_layer_norm_equals_nn_layer_norm_and_uses_the_biased_variance(dtype):
    generator = torch.Generator().manual_seed(6)
    for shape in ((7,), (3, 5), (2, 3, 8), (2, 2, 3, 16)):
        x = torch.randn(*shape, generator=generator, dtype=dtype) * 3 + 1
        gamma, beta = (torch.randn(shape[-1], generator=generator, dtype=dtype) for _ in range(2))
        expected = nn.functional.layer_norm(x, (shape[-1],), gamma, beta, 1e-5)
        torch.testing.assert_close(reference.layer_norm(x, gamma, beta), expected, rtol=0, atol=TOLERANCE[dtype] * 10)
    x_hat = reference.layer_norm(x, torch.ones(16, dtype=dtype), torch.zeros(16, dtype=dtype), eps=0.0)
    torch.testing.assert_close(x_hat.var(dim=-1, unbiased=False), torch.ones(2, 2, 3, dtype=dtype))


def test_layer_norm_keeps_eps_inside_the_root_and_a_constant_row_gives_beta():
    x = torch.tensor([[1e-3, -1e-3, 1e-3, -1e-3], [2.0, 2.0, 2.0, 2.0]])
    beta = torch.tensor([0.5, -0.5, 0.0, 1.0])
    out = reference.layer_norm(x, torch.ones(4), beta, eps=1e-5)
    torch.testing.assert_close(out[0], 1e-3 / (1e-6 + 1e-5) ** 0.5 * torch.tensor([1.0, -1, 1, -1]) + beta)
    assert torch.equal(out[1], beta)


def test_feed_forward_is_two_linears_with_a_relu_between_applied_to_every_position_alike():
    params = data.encoder_layer_params()
    X = data.embedded_batch()
    torch_ffn = nn.Sequential(nn.Linear(6, 24), nn.ReLU(), nn.Linear(24, 6))
    with torch.no_grad():
        for linear, weight, bias in ((torch_ffn[0], params.W1, params.b1), (torch_ffn[2], params.W2, params.b2)):
            linear.weight.copy_(weight.T)
            linear.bias.copy_(bias)
        expected = torch_ffn(X)
    out = reference.feed_forward(X, params.W1, params.b1, params.W2, params.b2)
    torch.testing.assert_close(out, expected)
    order = torch.tensor([3, 1, 0, 2])
    torch.testing.assert_close(reference.feed_forward(X[:, order], params.W1, params.b1, params.W2, params.b2),
                               out[:, order])


def test_add_and_norm_is_post_norm():
    generator = torch.Generator().manual_seed(2)
    x, sub = (torch.randn(2, 3, 5, generator=generator) for _ in range(2))
    gamma, beta = torch.full((5,), 2.0), torch.full((5,), -1.0)
    assert torch.equal(reference.add_and_norm(x, sub, gamma, beta), reference.layer_norm(x + sub, gamma, beta))


def test_encoder_layer_keeps_shape_and_dtype_leaves_its_inputs_alone_and_hides_pad_positions():
    params, X = data.encoder_layer_params(), data.embedded_batch()
    mask = reference.padding_mask(data.sentence_batch()).unsqueeze(1)
    saved_params, saved = copy.deepcopy(params), [X.clone(), mask.clone()]
    for norm_first in (False, True):
        out = reference.encoder_layer(X, params, mask, norm_first)
        assert out.shape == (4, 4, 6) and out.dtype == torch.float32
        noisy = X.clone()
        noisy[3, 3] += 5.0  # the [PAD] position of sentence 4
        assert torch.equal(reference.encoder_layer(noisy, params, mask, norm_first)[3, :3], out[3, :3])
    assert params == saved_params and torch.equal(X, saved[0]) and torch.equal(mask, saved[1])
    stacked = reference.encoder_layer(reference.encoder_layer(X, params, mask), data.encoder_layer_params(seed=1), mask)
    assert stacked.shape == X.shape


def test_a_sentence_of_padding_only_stays_finite():
    params, X = data.encoder_layer_params(), data.embedded_batch()
    mask = reference.padding_mask(data.sentence_batch()).unsqueeze(1).clone()
    mask[1] = False
    for norm_first in (False, True):
        assert torch.isfinite(reference.encoder_layer(X, params, mask, norm_first)).all()


# ---------------------------------------------------------------- the parameter record
def test_parameter_record_is_seeded_compares_by_value_and_converts():
    params = data.encoder_layer_params()
    assert params == data.encoder_layer_params() and params != data.encoder_layer_params(seed=1)
    assert (params.d_model, params.num_heads, params.d_ff, params.eps) == (6, 3, 24, 1e-5)
    copied = copy.deepcopy(params)
    assert copied == params
    copied.W1[0, 0] += 1.0  # an in-place change is seen by the checks' equality
    assert copied != params
    doubled = params.to(torch.float64)
    assert doubled.W_q.dtype == torch.float64 and doubled != params and doubled.to(torch.float32) == params
    assert not torch.equal(params.gamma1, torch.ones(6)) and not torch.equal(params.beta2, torch.zeros(6))
    assert list(params.tensors()) == ["W_q", "W_k", "W_v", "W_o", "W1", "b1", "W2", "b2", "gamma1", "beta1",
                                      "gamma2", "beta2"]


# ---------------------------------------------------------------- the hidden cases
def test_layer_norm_cases_hold_tiny_variance_large_values_other_eps_float64_and_a_transposed_input():
    cases = hidden_cases("layer_norm")
    inputs = [case.args[0] for case in cases]
    assert any(float(x.var(dim=-1, unbiased=False).max()) < 1e-5 for x in inputs)
    assert any(float(x.abs().min()) > 100 for x in inputs)
    assert {case.kwargs.get("eps", 1e-5) for case in cases} > {1e-5}
    assert any(x.dtype == torch.float64 for x in inputs) and any(not x.is_contiguous() for x in inputs)
    assert {x.dim() for x in inputs} >= {2, 3} and any(bool((x == x[..., :1]).all()) for x in inputs)


def test_encoder_layer_cases_hold_both_orders_every_mask_form_and_a_sentence_of_padding_only():
    cases = hidden_cases("encoder_layer")
    assert {case.kwargs.get("norm_first", False) for case in cases} == {False, True}
    masks = [case.args[2] for case in cases if len(case.args) == 3]
    assert any(len(case.args) == 2 for case in cases)
    assert {mask.dim() for mask in masks} == {2, 4} and any(mask.dtype != torch.bool for mask in masks)
    assert any(mask.dim() == 4 and mask.shape[2] > 1 for mask in masks)  # [B, 1, S, S]
    assert any(mask.dim() == 4 and not bool(mask.any(dim=-1).all()) for mask in masks)
    assert any(case.args[1].d_ff != 4 * case.args[1].d_model for case in cases)
    assert any(case.args[1].eps != 1e-5 for case in cases)
    assert any(case.args[0].dtype == torch.float64 for case in cases)


# ---------------------------------------------------------------- the catalogue
def test_catalogue_covers_the_wrong_answers_the_issue_names():
    ids = {entry.code for entry in catalogue.MISCONCEPTIONS}
    assert {"layer_norm/over_batch", "layer_norm/over_sequence", "layer_norm/unbiased_variance",
            "layer_norm/eps_outside_sqrt", "layer_norm/gamma_beta_swapped", "layer_norm/no_gamma_beta",
            "add_and_norm/residual_after_norm", "add_and_norm/no_residual", "feed_forward/relu_after_second",
            "feed_forward/across_positions", "encoder_layer/mask_not_passed", "encoder_layer/norm_first_ignored",
            "layer_norm/over_whole_tensor", "feed_forward/b1_after_relu", "add_and_norm/residual_twice",
            "encoder_layer/ffn_reads_layer_input", "encoder_layer/norms_swapped",
            "encoder_layer/residual_from_normed"} <= ids
    for name in EXERCISES:
        assert sum(entry.exercise == name for entry in catalogue.MISCONCEPTIONS) >= 3



def test_the_annotated_transformers_layer_norm_is_named_as_its_own_two_mistakes():
    entry = next(entry for entry in catalogue.MISCONCEPTIONS if entry.code == "layer_norm/annotated_transformer")
    for said in ("두 가지", "unbiased=False", "√(var + eps)"):
        assert said in entry.explanation, said



# ---------------------------------------------------------------- the assignment hands over multi_head_attention
def test_the_assignment_hands_multi_head_attention_over_in_a_locked_cell_and_says_encoder_layer_must_use_it():
    cells = read_notebook(COURSE.source_notebook("ch06_encoder_block"))["cells"]
    given = [cell for cell in cells if grade_id(cell) == "given_multi_head_attention"]
    assert len(given) == 1 and nbgrader_metadata(given[0])["locked"] is True
    assert "from helpers.given import multi_head_attention" in cell_source(given[0])
    order = [grade_id(cell) for cell in cells if grade_id(cell)]
    assert order.index("given_multi_head_attention") < order.index("encoder_layer")
    instructions = "".join(cell_source(cell) for cell in cells if cell["cell_type"] == "markdown")
    assert "불러서 만들어야 합니다" in instructions and "multi_head_attention" in instructions
    assert core.exercises()["encoder_layer"].uses == ("layer_norm", "feed_forward", "add_and_norm",
                                                      "multi_head_attention")


# ---------------------------------------------------------------- the parts rule follows the student's own functions
OWN_HELPERS = (FIXTURES / "ch06_encoder_block" / "right" / "encoder_layer__own_helper_functions.py").read_text(
    encoding="utf-8")
UNBIASED_LAYER_NORM = ("def layer_norm(x, gamma, beta, eps=1e-5):\n    mean = x.mean(dim=-1, keepdim=True)\n"
                       "    return gamma * (x - mean) / torch.sqrt(x.var(dim=-1, keepdim=True) + eps) + beta\n")
JUDGES = pytest.mark.parametrize("trusted", [False, True], ids=["in_kernel", "checker"])


@JUDGES
def test_an_encoder_layer_calling_the_parts_through_its_own_helpers_keeps_its_points_on_a_wrong_part(trusted):
    """One mistake costs once through helpers too: the parts a helper reaches are the course's while
    encoder_layer is graded, and the note names the student's wrong layer_norm."""
    result = run_assignment("ch06_encoder_block", {"layer_norm": UNBIASED_LAYER_NORM, "encoder_layer": OWN_HELPERS},
                            only={"test_encoder_layer"}, trusted=trusted)["test_encoder_layer"]
    assert result.passed, result.message
    assert "[부품: encoder_layer → layer_norm/unbiased_variance]" in result.printed


@JUDGES
def test_a_helper_that_writes_a_part_out_again_still_breaks_the_parts_rule(trusted):
    by_hand_ffn = OWN_HELPERS.replace("return feed_forward(h, p.W1, p.b1, p.W2, p.b2)",
                                      "return torch.relu(h @ p.W1 + p.b1) @ p.W2 + p.b2")
    assert by_hand_ffn != OWN_HELPERS
    result = run_assignment("ch06_encoder_block", {"encoder_layer": by_hand_ffn}, only={"test_encoder_layer"},
                            trusted=trusted)["test_encoder_layer"]
    assert result.points == 0 and "[진단: encoder_layer/not_from_parts]" in result.message
    assert "부르지 않은 함수: feed_forward" in result.message


def test_the_encoder_layer_instructions_say_where_the_parts_may_be_called_from():
    text = instructions("ch06_encoder_block", "encoder_layer")
    for said in ("encoder_layer`가 부르는 여러분의 함수", "그 함수가 다시 부르는 함수까지",
                 "`add_and_norm` 안에서 부르는 `layer_norm`"):
        assert said in text, said


# ---------------------------------------------------------------- the lecture's stored outputs
def test_lecture_outputs_show_the_variances_the_torch_comparison_and_the_gradients():
    text = notebook_text_outputs(LECTURE)
    for shown in ("4.1146", "4.9375", "1.2000", "x̂의 분산 = 0.9999976 = 분산 / (분산 + eps) = 0.9999976",
                  "nn.LayerNorm과 1e-6 안에서 같은가: True",
                  "0.9129", "0.9990", "(4, 4, 24)", "자리를 섞어 넣으면 출력도 같은 순서로 섞이는가: True",
                  "마스크를 넘김: 실제 낱말 자리의 가장 큰 변화 = 0.0000", "2번째 층 뒤 (4, 4, 6)",
                  "실제 낱말 자리는 1e-5 안에서 같은가: True", "32층 ÷ 1층"):
        assert shown in text, shown
    assert text.count("같음 (차이 < 1e-05)") == 4 and text.count("같음 (차이 < 1e-10)") == 4
    assert re.findall(r"다름 \([^)]*\)", text) == ["다름 (0.41)"]  # only the sentence of padding only differs
    assert "stderr" not in LECTURE.read_text(encoding="utf-8")  # the figures: test_ch06_lecture_claims.py


def test_lecture_gradients_vanish_without_the_residual_and_not_with_pre_norm():
    text = notebook_text_outputs(LECTURE)
    ratios = re.search(r"32층 ÷ 1층\s+(\S+)\s+(\S+)\s+(\S+)", text)
    post, pre, none = (float(value) for value in ratios.groups())
    assert none < 1e-3 < post < 1 < pre
