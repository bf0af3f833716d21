"""Lectures 1–4 say what is true and say it in the course's words (issue 31): relative position as one
rotation of the positional encoding, float32's underflow as the lecture prints it, math text for d_k in
lecture 2's figures, the padding-mask figure's labels clear of each other, and every figure with a Korean
alt text."""

from __future__ import annotations

import math
import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest
import torch
from course_testing import notebook_text_outputs

from autograder.course.notebook import cell_source, read_notebook
from helpers import data, plotting, reference
from helpers.paths import ROOT

LECTURES = {1: "01_handmade_qkv", 2: "02_scaling_experiment", 3: "03_padding_mask", 4: "04_random_weights"}
FIGURES = {1: 1, 2: 2, 3: 5, 4: 5}  # how many figures each lecture draws
OPENING = "이 강의를 마치면 다음을 할 수 있습니다."
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def _lecture(chapter: int) -> Path:
    return ROOT / "notebooks" / f"{LECTURES[chapter]}.ipynb"


def _cells(chapter: int) -> list[dict]:
    return read_notebook(_lecture(chapter))["cells"]


# ---------------------------------------------------------------- every lecture
@pytest.mark.parametrize("chapter", LECTURES)
def test_every_figure_is_one_png_with_a_korean_alt_text_and_no_bare_plt_show(chapter):
    cells = _cells(chapter)
    figures = [output for cell in cells for output in cell.get("outputs", []) if "image/png" in output.get("data", {})]
    assert len(figures) == FIGURES[chapter]
    for figure in figures:
        alt = figure["metadata"]["image/png"]["alt"]
        assert HANGUL.search(alt) and alt.endswith("다.") and "".join(figure["data"]["text/plain"]) == alt
    assert not any("plt.show()" in cell_source(cell) for cell in cells if cell["cell_type"] == "code")


@pytest.mark.parametrize("chapter", LECTURES)
def test_the_chapter_opens_with_the_line_every_chapter_shares(chapter):
    assert OPENING in cell_source(_cells(chapter)[0])


@pytest.mark.parametrize("chapter", LECTURES)
def test_the_lecture_uses_the_course_words_for_head_exercise_course_and_a_vectors_component(chapter):
    text = "\n".join(cell_source(cell) for cell in _cells(chapter))
    for word in ("헤드", "실습", "강좌"):  # 머리, 과제, 과정
        assert word not in text, word
    assert not re.search(r"차원 \d|차원 \{j\}|\d+번 칸", text)  # a vector's component is 좌표


# ---------------------------------------------------------------- lecture 1: float32's underflow
def test_float32_keeps_exp_of_minus_100_as_a_denormal_and_underflows_at_minus_110_as_the_lecture_prints():
    smallest = torch.nextafter(torch.tensor(0.0), torch.tensor(1.0)).item()
    assert -100 / math.log(10) > math.log10(smallest) > -110 / math.log(10)
    assert torch.exp(torch.tensor(-100.0)).item() > 0 and torch.exp(torch.tensor(-110.0)).item() == 0
    text = notebook_text_outputs(_lecture(1))
    for shown in ("float32가 나타내는 가장 작은 양수: 1.401e-45 ≈ 10^-44.9",
                  "exp(-100) ≈ 10^-43.4 → float32로는 0보다 큰 수", "exp(-110) ≈ 10^-47.8 → float32로는 0",
                  "float32에서 exp(88), exp(89): 1.652e+38, inf"):
        assert shown in text, shown


# ---------------------------------------------------------------- lecture 2: d_k in math text
_FIGURE_TEXT = re.compile(r"""(?:label=|set_xlabel\(|set_ylabel\(|set_title\()r?f?(["'])(.*?)\1""")


def test_lecture_2_figures_write_d_k_only_in_math_text():
    drawn = [match.group(2) for cell in _cells(2) if cell["cell_type"] == "code"
             for match in _FIGURE_TEXT.finditer(cell_source(cell))]
    assert any("d_k" in text for text in drawn)
    for text in drawn:
        outside_math = re.sub(r"\$[^$]*\$", "", text)
        assert "d_k" not in outside_math and "√" not in outside_math, text


# ---------------------------------------------------------------- lecture 3: relative position
def _shift_matrix(k: int, d_model: int) -> torch.Tensor:
    """[d_model, d_model]: a rotation by k·ω_i on each (sin, cos) column pair, as the lecture builds M_k."""
    omegas = 1 / 10000 ** (torch.arange(0, d_model, 2) / d_model)
    matrix = torch.zeros(d_model, d_model)
    for i, angle in enumerate((k * omegas).tolist()):
        matrix[2 * i:2 * i + 2, 2 * i:2 * i + 2] = torch.tensor([[math.cos(angle), -math.sin(angle)],
                                                                 [math.sin(angle), math.cos(angle)]])
    return matrix


@pytest.mark.parametrize("d_model", [6, 32])
@pytest.mark.parametrize("k", [1, 2, 3, 10])
def test_one_matrix_moves_every_position_by_k_and_moving_back_is_its_transpose(k, d_model):
    encoding = reference.positional_encoding(100, d_model)  # [100, d_model]
    moved = encoding[:-k] @ _shift_matrix(k, d_model)
    assert (moved - encoding[k:]).abs().max() < 1e-5
    assert torch.allclose(_shift_matrix(-k, d_model), _shift_matrix(k, d_model).T)
    assert not torch.allclose(_shift_matrix(-k, d_model), _shift_matrix(k, d_model))


def test_lecture_3_shows_the_shift_matrix_reproducing_every_position_and_telling_back_from_forth():
    text = notebook_text_outputs(_lecture(3))
    assert "자리 0~97 모두에서 PE(pos) @ M_2와 PE(pos + 2)의 차이가 1e-05보다 작은가요? True" in text
    assert "뒤로 2 자리 옮기는 M_-2는 M_2의 전치인가요? True | M_2와 같은가요? False" in text
    assert "두 칸 앞" not in "\n".join(cell_source(cell) for cell in _cells(3))


def test_padding_mask_figure_keeps_the_right_panels_query_label_clear_of_the_left_panel(monkeypatch):
    """The lecture's cell, run as the lecture runs it, with the displaying step left out."""
    monkeypatch.setattr(plotting, "show", lambda fig, alt: None)
    cell = next(cell_source(cell) for cell in _cells(3) if "퍼진 모습 [4, 4]" in cell_source(cell))
    mask = reference.padding_mask(data.sentence_batch())  # [4, 1, 4]
    words = [[data.id_to_token()[i] for i in row] for row in data.sentence_batch().tolist()]
    namespace = {"mask": mask, "words": words, "plotting": plotting, "plt": plt}
    exec(cell, namespace)  # noqa: S102 - the lecture's own code
    fig = namespace["fig"]
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    left, right = fig.axes[:2]
    label = right.yaxis.label
    assert label.get_text()
    gap = label.get_window_extent(renderer).x0 - left.get_tightbbox(renderer).x1
    plt.close(fig)
    assert gap > 20, f"{gap:.1f} px between the left panel and the right panel's Query label"


def test_ch03_exercise_says_머리_for_head():
    for folder in ("source", "release"):
        notebook = read_notebook(ROOT / folder / "ch03_padding_mask" / "ch03_padding_mask.ipynb")
        assert not any("헤드" in cell_source(cell) for cell in notebook["cells"]), folder
