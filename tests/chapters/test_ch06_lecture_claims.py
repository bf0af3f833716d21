"""ch06's lecture says what is true (issue 31): the FFN without ReLU, BatchNorm on sequences, the
nested-tensor encoder's [PAD] rows, the Annotated Transformer's layer, and prose that quotes the
gradient ratios the lecture prints; every figure says in Korean what it shows."""

from __future__ import annotations

import math
import re
import warnings

import torch
from course_testing import notebook_text_outputs
from torch import nn

from autograder.course.notebook import cell_source, read_notebook
from helpers import data, reference
from helpers.paths import ROOT

LECTURE = ROOT / "notebooks" / "06_encoder_block.ipynb"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _markdown() -> str:
    return "\n".join(cell_source(cell) for cell in read_notebook(LECTURE)["cells"] if cell["cell_type"] == "markdown")


# ---------------------------------------------------------------- claims about the parts
def test_ffn_without_relu_is_one_linear_map_whose_bias_is_b1_w2_plus_b2():
    p, X = data.encoder_layer_params(dtype=torch.float64), data.embedded_batch().double()
    without_relu = (X @ p.W1 + p.b1) @ p.W2 + p.b2
    torch.testing.assert_close(without_relu, X @ (p.W1 @ p.W2) + (p.b1 @ p.W2 + p.b2), rtol=0, atol=1e-12)
    assert not torch.allclose(without_relu, X @ (p.W1 @ p.W2) + p.b2)  # b1 is not 0: W1 @ W2 alone is not enough


def _normalise_over(t: torch.Tensor, dim, eps: float = 1e-5) -> torch.Tensor:
    centred = t - t.mean(dim=dim, keepdim=True)
    return centred / torch.sqrt((centred**2).mean(dim=dim, keepdim=True) + eps)


def test_batch_norm_on_sequences_normalises_over_batch_and_positions_and_uses_running_statistics_in_eval():
    X = data.embedded_batch()  # [4, 4, 6]
    batch_norm = nn.BatchNorm1d(6, affine=False).train()
    in_training = batch_norm(X.transpose(1, 2)).transpose(1, 2)
    torch.testing.assert_close(in_training, _normalise_over(X, dim=(0, 1)), rtol=0, atol=1e-5)
    assert not torch.allclose(in_training, _normalise_over(X, dim=0), atol=1e-2)  # dim=0 alone is a simplification
    at_inference = batch_norm.eval()(X.transpose(1, 2)).transpose(1, 2)
    expected = (X - batch_norm.running_mean) / torch.sqrt(batch_norm.running_var + batch_norm.eps)
    torch.testing.assert_close(at_inference, expected, rtol=0, atol=1e-5)
    assert not torch.allclose(at_inference, in_training, atol=1e-2)


def test_the_nested_tensor_encoder_in_eval_returns_zeros_at_pad_positions_and_our_values_elsewhere():
    X, pad_mask = data.embedded_batch(), reference.padding_mask(data.sentence_batch()).unsqueeze(1)
    params = data.encoder_layer_params(num_heads=2)
    stack = nn.TransformerEncoder(reference.torch_encoder_layer(params), num_layers=1, enable_nested_tensor=True).eval()
    with torch.no_grad(), warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="The PyTorch API of nested tensors")
        out = stack(X, src_key_padding_mask=~pad_mask[:, 0, 0])
    real = pad_mask[:, 0, 0]
    assert (out[~real] == 0).all()
    torch.testing.assert_close(out[real], reference.encoder_layer(X, params, pad_mask)[real], rtol=0, atol=1e-5)


def _annotated_layer_norm(t, gamma, beta, eps=1e-6):
    return gamma * (t - t.mean(-1, keepdim=True)) / (t.std(-1, keepdim=True) + eps) + beta


def _annotated_encoder_layer(t, p, mask, layer_norm):
    normed = layer_norm(t, p.gamma1, p.beta1)
    t = t + reference.multi_head_attention(normed, normed, normed, p.W_q, p.W_k, p.W_v, p.W_o, p.num_heads, mask)[0]
    return t + reference.feed_forward(layer_norm(t, p.gamma2, p.beta2), p.W1, p.b1, p.W2, p.b2)


def test_the_annotated_transformers_layer_is_pre_norm_and_differs_from_ours_only_by_its_layer_norm():
    X, mask = data.embedded_batch().double(), reference.padding_mask(data.sentence_batch()).unsqueeze(1)
    p = data.encoder_layer_params(dtype=torch.float64)
    ours = reference.encoder_layer(X, p, mask, norm_first=True)
    with_our_norm = _annotated_encoder_layer(X, p, mask, lambda t, g, b: reference.layer_norm(t, g, b, p.eps))
    torch.testing.assert_close(with_our_norm, ours, rtol=0, atol=1e-12)
    assert (_annotated_encoder_layer(X, p, mask, _annotated_layer_norm) - ours).abs().max() > 0.05


# ---------------------------------------------------------------- the lecture's words match its outputs
def _ratio(text: str, kind: str) -> float:
    """A printed '32층일 때 첫 층의 기울기는 1층일 때의 …' as a number (3.4배 → 3.4, 1/31 → 1/31)."""
    size = re.search(rf"{re.escape(kind)}: 32층일 때 첫 층의 기울기는 1층일 때의 (\S+)", text).group(1)
    return 1 / float(size[2:].replace(",", "")) if size.startswith("1/") else float(size.removesuffix("배"))


def test_lecture_prose_quotes_the_first_layer_gradient_ratios_it_prints():
    text, prose = notebook_text_outputs(LECTURE), _markdown()
    table = re.search(r"32층 ÷ 1층\s+(\S+)\s+(\S+)\s+(\S+)", text).groups()
    post, pre, none = (_ratio(text, kind) for kind in ("post-norm (잔차 있음)", "pre-norm (잔차 있음)", "잔차 없음"))
    for printed, from_table in zip((post, pre, none), table, strict=True):
        assert math.isclose(printed, float(from_table), rel_tol=0.05)
    assert f"32층에서 한 층일 때의 {pre:.1f}배로 커집니다" in prose
    assert 25 <= 1 / post <= 35 and "30분의 1쯤" in prose
    assert 20_000 <= 1 / none < 30_000 and "2만분의 1 남짓" in prose


def test_lecture_measures_pre_norm_with_its_final_layer_norm_too():
    """Pre-norm models put one LayerNorm after the stack: the lecture measures that stack beside the bare one and
    quotes its first-layer ratio and its falling last-layer gradient as printed (Xiong et al. 2020's picture)."""
    text, prose = notebook_text_outputs(LECTURE), _markdown()
    final = _ratio(text, "pre-norm + 마지막 LayerNorm")
    assert 1 < final < _ratio(text, "pre-norm (잔차 있음)") and f"32층에서 {final:.1f}배로 조금만 커지고" in prose
    one, deep = map(float, re.search(r"마지막 층의 기울기는 1층일 때 ([\d.]+), 32층일 때 ([\d.]+)", text).groups())
    assert deep < one and "마지막 층의 기울기는 쌓을수록 줄어듭니다" in prose


def test_lecture_shows_the_output_side_gradients_that_warm_up_answers_in_post_norm():
    text, prose = notebook_text_outputs(LECTURE), _markdown()
    rows = {kind: re.search(rf"^{kind} \(잔차 있음\)\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s*$", text, flags=re.MULTILINE)
            for kind in ("post-norm", "pre-norm")}  # the table's last column: 32번째 ÷ 1번째
    post, pre = (float(row.group(1)) for row in rows.values())
    assert post > 20 and "스무 배 넘게" in prose
    assert pre <= 1 and "출력 쪽이 더 크지 않습니다" in prose
    assert "Xiong" in prose and "#86120" not in prose


def test_no_stored_output_prints_a_negative_zero_or_float32_digits_of_x_hats_variance():
    text = notebook_text_outputs(LECTURE)
    assert not re.search(r"-0\.0+(?![0-9])", text)
    assert "0.999997\n" not in text and "0.999998\n" not in text


# ---------------------------------------------------------------- figures
def test_every_lecture_figure_is_one_png_with_a_korean_alt_text_and_the_scale_holds_every_value():
    figures = [output for cell in read_notebook(LECTURE)["cells"] for output in cell.get("outputs", [])
               if "image/png" in output.get("data", {})]
    assert len(figures) == 3
    for figure in figures:
        alt = figure["metadata"]["image/png"]["alt"]
        assert HANGUL.search(alt) and alt.endswith("다.") and "".join(figure["data"]["text/plain"]) == alt
    X = data.embedded_batch()
    limit = math.ceil(X[3].abs().max().item())
    assert limit >= X[3].abs().max() and f"색 눈금 −{limit}에서 {limit}" in figures[0]["metadata"]["image/png"]["alt"]
