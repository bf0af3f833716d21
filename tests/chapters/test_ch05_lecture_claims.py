"""ch05's lecture says what torch and our reference really do (issue 31): a fully masked row in
nn.MultiheadAttention's three paths, F.scaled_dot_product_attention's mask, the causal mask's reason,
cross-attention; and every figure says in Korean what it shows."""

from __future__ import annotations

import re

import pytest
import torch
from course_testing import notebook_text_outputs
from torch import nn
from torch.nn import functional as F

from autograder.course.notebook import read_notebook
from helpers import data, reference
from helpers.paths import ROOT

LECTURE = ROOT / "notebooks" / "05_multi_head.ipynb"
HANGUL = re.compile(r"[\uac00-\ud7a3]")


# ---------------------------------------------------------------- a fully masked row in torch 2.13
def _two_heads_with_an_output_bias() -> nn.MultiheadAttention:
    """The lecture's module: bias on (the default), two heads, out_proj.bias = 0.1 … 0.6."""
    torch.manual_seed(0)
    module = nn.MultiheadAttention(6, 2, batch_first=True)
    with torch.no_grad():
        module.out_proj.bias.copy_(torch.arange(1, 7) / 10)
    return module


def _fully_masked_output(module, *, training: bool, grad: bool, need_weights: bool) -> torch.Tensor:
    x = data.embedded_batch()[:1]  # [1, 4, 6]
    every_key_ignored = torch.ones(1, 4, dtype=torch.bool)  # torch: True = ignore
    module.train(training)
    with torch.set_grad_enabled(grad):
        output, _ = module(x, x, x, key_padding_mask=every_key_ignored, need_weights=need_weights)
    return output[0].detach()  # [4, 6]


@pytest.mark.parametrize(("training", "grad"), [(True, True), (True, False), (False, True)])
def test_without_weights_outside_the_fast_path_a_fully_masked_row_gives_only_the_output_bias(training, grad):
    module = _two_heads_with_an_output_bias()
    output = _fully_masked_output(module, training=training, grad=grad, need_weights=False)
    assert torch.equal(output, module.out_proj.bias.detach().expand(4, 6))


def test_eval_under_no_grad_takes_the_fast_path_and_a_fully_masked_row_gives_nan(monkeypatch):
    calls = []
    native = torch._native_multi_head_attention

    def spy(*args, **kwargs):
        calls.append(1)
        return native(*args, **kwargs)

    monkeypatch.setattr(torch, "_native_multi_head_attention", spy)
    output = _fully_masked_output(_two_heads_with_an_output_bias(), training=False, grad=False, need_weights=False)
    assert calls, "the lecture calls this the fast path; torch did not take it"
    assert output.isnan().all()


@pytest.mark.parametrize(("training", "grad"), [(True, True), (False, False)])
def test_with_weights_a_fully_masked_row_gives_nan(training, grad):
    output = _fully_masked_output(_two_heads_with_an_output_bias(), training=training, grad=grad, need_weights=True)
    assert output.isnan().all()


def test_lecture_table_shows_the_output_bias_for_the_slow_paths_and_nan_for_the_others():
    text = notebook_text_outputs(LECTURE)
    six_values = r"(?:nan|\d\.\d)(?:, (?:nan|\d\.\d)){5}"
    rows = dict(re.findall(rf"^(need_weights=\S+, .*?)\s{{2,}}({six_values})\s*$", text, flags=re.MULTILINE))
    bias = "0.1, 0.2, 0.3, 0.4, 0.5, 0.6"
    nan = ", ".join(["nan"] * 6)
    assert rows == {"need_weights=False, train()": bias, "need_weights=False, eval(), 기울기 켬": bias,
                    "need_weights=False, eval(), no_grad (빠른 경로)": nan,
                    "need_weights=True, train()": nan, "need_weights=True, eval(), no_grad": nan}


# ---------------------------------------------------------------- masks and cross-attention
def test_scaled_dot_product_attentions_bool_mask_means_may_attend_as_ours_does():
    generator = torch.Generator().manual_seed(3)
    Q, K, V = (torch.randn(3, 2, 5, 4, generator=generator, dtype=torch.float64) for _ in range(3))
    mask = torch.rand(3, 1, 1, 5, generator=generator) > 0.4
    mask[..., 0] = True  # every row keeps one key: both conventions are defined there
    ours, _ = reference.attention(Q, K, V, mask)
    torch.testing.assert_close(F.scaled_dot_product_attention(Q, K, V, attn_mask=mask), ours, rtol=0, atol=1e-12)
    assert not torch.allclose(F.scaled_dot_product_attention(Q, K, V, attn_mask=~mask), ours)


def test_under_the_causal_mask_changing_a_later_word_leaves_earlier_outputs_and_without_it_does_not():
    X, weights = data.embedded_batch(), data.multi_head_weights()
    changed = X.clone()
    changed[0, 3] = X[2, 3]
    for mask, earlier_kept in ((reference.causal_mask(4), True), (None, False)):
        before = reference.multi_head_attention(X, X, X, *weights, 3, mask)[0][0, :3]
        after = reference.multi_head_attention(changed, changed, changed, *weights, 3, mask)[0][0, :3]
        assert bool((after - before).abs().max() < 1e-6) is earlier_kept


def test_lecture_shows_the_causal_masks_reason_sdpa_and_cross_attention_computed():
    text = notebook_text_outputs(LECTURE)
    for shown in ("마스크 없음: 자리 0–2 출력의 가장 큰 변화 = ",
                  "미래 가리기: 자리 0–2 출력의 가장 큰 변화 < 1e-6 (그대로)",
                  "우리 마스크를 그대로 넘김: 4절의 heads_out과 같음 (float32, 차이 < 1e-5)",
                  "문장 4의 모든 줄이 [PAD] 자리의 내용(V) 그대로인가: True", "출력이 모두 0인가: True",
                  "reshape(-1)의 앞 여섯 값: [0, 10, 20, 30, 1, 11]",
                  "query (4, 2, 6) | key, value (인코더 출력) (4, 4, 6) → p_attn (4, 3, 2, 4) | output (4, 2, 6)",
                  "nn.MultiheadAttention(query, key, value)와 같음 (차이 < 1e-5)"):
        assert shown in text, shown


def test_scaled_dot_product_attention_gives_our_attentions_output_and_the_table_grows_as_s_squared():
    """ch05 §12 compares the cost of attention with torch's kernel: that comparison holds only if both compute the
    same thing (at lengths and head counts beyond the lecture's), and the memory it quotes is h · S² float32 cells."""
    generator = torch.Generator().manual_seed(3)
    for length, heads in ((7, 1), (100, 3), (300, 4)):
        q, k, v = (torch.randn(2, heads, length, 16, generator=generator) for _ in range(3))
        assert torch.allclose(reference.attention(q, k, v)[0], F.scaled_dot_product_attention(q, k, v), atol=1e-5)
    _, table = reference.attention(q, k, v)
    assert table.shape[-2:] == (300, 300) and table.element_size() == 4
    text = notebook_text_outputs(LECTURE)
    assert ("비율표 하나의 크기: S = 128: 0.25 MiB, S = 256: 1 MiB, S = 512: 4 MiB, S = 1024: 16 MiB, "
            "S = 32768: 16,384 MiB") in text
    assert text.count("F.scaled_dot_product_attention과 같은 출력 (차이 < 1e-5): True") == 4


# ---------------------------------------------------------------- figures
def test_every_lecture_figure_is_one_png_with_a_korean_alt_text():
    figures = [output for cell in read_notebook(LECTURE)["cells"] for output in cell.get("outputs", [])
               if "image/png" in output.get("data", {})]
    assert len(figures) == 5
    for figure in figures:
        alt = figure["metadata"]["image/png"]["alt"]
        assert HANGUL.search(alt) and alt.endswith("다.") and "".join(figure["data"]["text/plain"]) == alt
