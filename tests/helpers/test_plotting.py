"""helpers.plotting: Hangul renders everywhere, heatmaps carry the words, bad input fails clearly."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
import warnings

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest
import torch
from matplotlib import font_manager
from pandas import DataFrame

from helpers import plotting
from helpers.paths import ROOT

matplotlib.use("Agg")

WORDS = ["이불", "배송", "언제", "와요"]
# ch01's weight table (2 d.p.): dark and light cells, words on both axes.
WEIGHTS = [
    [0.12, 0.51, 0.12, 0.25],
    [0.85, 0.05, 0.05, 0.05],
    [0.04, 0.73, 0.04, 0.18],
    [0.12, 0.51, 0.12, 0.25],
]
# Every Hangul syllable the course draws: words of ch01 and ch03, axis labels, legend.
COURSE_HANGUL = "이불배송언제와요나는오늘학교에간다도서관에서공부한다집보참고하낱말나누기전로뒤번호비율점수표"


@pytest.fixture(autouse=True)
def _clean_matplotlib():
    """Each test starts from the same rcParams and leaves no figure open."""
    with matplotlib.rc_context():
        yield
    plt.close("all")


def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    """Run code in a fresh interpreter at the repository root, Agg backend."""
    env = {**os.environ, "MPLBACKEND": "Agg"}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _png_bytes(fig: matplotlib.figure.Figure) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def _tick_texts(labels) -> list[str]:
    return [label.get_text() for label in labels]


# ---------------------------------------------------------------- the Hangul font
def test_import_leaves_matplotlib_settings_untouched():
    result = _run_python(
        """
        import copy
        import matplotlib, matplotlib.pyplot
        from matplotlib import font_manager
        before = copy.deepcopy(dict(matplotlib.rcParams))
        fonts_before = len(font_manager.fontManager.ttflist)
        import helpers.plotting
        assert dict(matplotlib.rcParams) == before, "importing helpers.plotting changed rcParams"
        assert len(font_manager.fontManager.ttflist) == fonts_before, "importing registered fonts"
        print("untouched")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "untouched"


def test_korean_figure_renders_to_png_without_any_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax = plotting.attention_heatmap(WEIGHTS, WORDS, title="비율표: Q·Kᵀ / √2 → softmax")
        ax.figure.suptitle("손으로 정한 Q/K/V, 음수 −1 과 -1")
        assert _png_bytes(ax.figure).startswith(b"\x89PNG")
        bars = plotting.scaling_bar_chart([0.0, 1.0, 0.0], [0.3, 0.5, 0.2], d_k=64)
        assert _png_bytes(bars.figure).startswith(b"\x89PNG")


def test_without_the_korean_font_the_warning_check_would_catch_tofu():
    """Guards the test above: DejaVu Sans alone has no Hangul, and matplotlib says so."""
    fig, ax = plt.subplots()
    ax.set_title("이불", family="DejaVu Sans")
    with pytest.warns(UserWarning, match="missing from font"):
        _png_bytes(fig)


def test_rendering_writes_nothing_on_stderr():
    result = _run_python(
        """
        import io
        import torch
        from helpers import plotting
        words = ["이불", "배송", "언제", "와요"]
        ax = plotting.attention_heatmap(torch.rand(4, 4), words, title="비율표")
        fig = plotting.heatmap_grid(torch.rand(2, 4, 4), words, titles=["나누기 전", "나눈 뒤"])
        bars = plotting.scaling_bar_chart([0.0, 1.0], [0.4, 0.6], d_k=64)
        for figure in (ax.figure, fig, bars.figure):
            figure.savefig(io.BytesIO(), format="png")
        print("rendered")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "rendered"
    assert result.stderr == ""


def test_chosen_font_has_every_hangul_glyph_the_course_draws():
    family = plotting.setup_korean_font()
    path = font_manager.findfont(font_manager.FontProperties(family=family), fallback_to_default=False)
    charmap = font_manager.get_font(path).get_charmap()
    missing = [char for char in COURSE_HANGUL if ord(char) not in charmap]
    assert missing == [], f"{family} ({path}) lacks {missing}"


def test_setup_is_idempotent_and_sets_hangul_font_with_ascii_minus():
    family = plotting.setup_korean_font()
    fonts = len(font_manager.fontManager.ttflist)
    assert plotting.setup_korean_font() == family
    assert len(font_manager.fontManager.ttflist) == fonts
    assert matplotlib.rcParams["font.family"][0] == family
    minus_sign_setting = "axes.unicode_minus"
    assert matplotlib.rcParams[minus_sign_setting] is False


def test_bundled_nanumgothic_is_used_without_importing_koreanize_matplotlib():
    result = _run_python(
        """
        import sys
        from helpers.plotting import setup_korean_font
        print(setup_korean_font())
        assert not any(name.startswith("koreanize_matplotlib") for name in sys.modules)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "NanumGothic"


def test_setup_works_when_distutils_is_gone_as_in_python_312():
    result = _run_python(
        """
        import io, sys, warnings

        class NoDistutils:
            def find_spec(self, name, path=None, target=None):
                if name == "distutils" or name.startswith("distutils."):
                    raise ImportError("distutils was removed in Python 3.12")
                return None

        sys.meta_path.insert(0, NoDistutils())
        sys.modules.pop("distutils", None)
        try:
            import distutils  # noqa: F401
        except ImportError:
            pass
        else:
            raise SystemExit("the simulation failed: distutils still imports")

        from helpers import plotting
        warnings.simplefilter("error")
        print(plotting.setup_korean_font())
        ax = plotting.attention_heatmap([[0.2, 0.8], [0.6, 0.4]], ["언제", "와요"], title="배송")
        ax.figure.savefig(io.BytesIO(), format="png")
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "NanumGothic"
    assert result.stderr == ""


def test_without_the_package_an_installed_system_hangul_font_is_used():
    result = _run_python(
        """
        import importlib.util
        from pathlib import Path
        from matplotlib import font_manager
        from helpers import plotting

        # A machine without koreanize-matplotlib whose only Hangul font is a system NanumGothic.
        folder = importlib.util.find_spec("koreanize_matplotlib").submodule_search_locations[0]
        plotting._bundled_nanum_files = lambda: []
        manager = font_manager.fontManager
        manager.ttflist = [entry for entry in manager.ttflist if entry.name == "DejaVu Sans"]
        manager.addfont(Path(folder, "fonts", "NanumGothic.ttf"))
        print(plotting.setup_korean_font())
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "NanumGothic"


def test_without_any_hangul_font_setup_says_how_to_install_one():
    result = _run_python(
        """
        from matplotlib import font_manager
        from helpers import plotting

        plotting._bundled_nanum_files = lambda: []
        manager = font_manager.fontManager
        manager.ttflist = [entry for entry in manager.ttflist if entry.name == "DejaVu Sans"]
        try:
            plotting.setup_korean_font()
        except RuntimeError as error:
            print(error)
        """
    )
    assert result.returncode == 0, result.stderr
    assert "pip install koreanize-matplotlib" in result.stdout


def test_every_plot_sets_up_the_font_itself():
    matplotlib.rcdefaults()
    plotting.attention_heatmap(WEIGHTS, WORDS)
    assert matplotlib.rcParams["font.family"][0] == plotting.setup_korean_font()


# ---------------------------------------------------------------- attention_heatmap
def test_heatmap_puts_words_on_both_axes_and_values_in_cells():
    ax = plotting.attention_heatmap(WEIGHTS, WORDS, title="비율표")
    assert _tick_texts(ax.get_xticklabels()) == WORDS
    assert _tick_texts(ax.get_yticklabels()) == WORDS
    assert [text.get_text() for text in ax.texts] == [f"{v:.2f}" for row in WEIGHTS for v in row]
    assert "Query" in ax.get_ylabel() and "보는" in ax.get_ylabel()
    assert "Key" in ax.get_xlabel() and "참고" in ax.get_xlabel()
    assert ax.get_title() == "비율표"


@pytest.mark.parametrize(
    "weights",
    [
        torch.tensor(WEIGHTS, requires_grad=True),
        np.array(WEIGHTS),
        DataFrame(WEIGHTS, index=WORDS, columns=WORDS),
    ],
    ids=["tensor_requiring_grad", "numpy", "dataframe"],
)
def test_heatmap_accepts_tensors_arrays_and_dataframes(weights):
    ax = plotting.attention_heatmap(weights, WORDS)
    np.testing.assert_allclose(ax.images[0].get_array(), WEIGHTS)


def test_heatmap_of_a_rectangular_matrix_takes_separate_key_labels():
    ax = plotting.attention_heatmap(
        np.full((2, 3), 1 / 3), ["나는", "오늘"], ["나는", "오늘", "[PAD]"], fmt=".3f"
    )
    assert _tick_texts(ax.get_xticklabels()) == ["나는", "오늘", "[PAD]"]
    assert _tick_texts(ax.get_yticklabels()) == ["나는", "오늘"]
    assert {text.get_text() for text in ax.texts} == {"0.333"}


def test_heatmap_writes_white_on_dark_cells_and_black_on_light_ones():
    ax = plotting.attention_heatmap([[0.0, 1.0]], ["언제"], ["이불", "배송"])
    assert [text.get_color() for text in ax.texts] == ["black", "white"]


def test_heatmap_without_annotation_or_colour_bar_draws_only_the_map():
    fig, ax = plt.subplots()
    plotting.attention_heatmap(WEIGHTS, WORDS, ax=ax, annotate=False, colorbar=False, vmin=0, vmax=1)
    assert len(ax.texts) == 0
    assert fig.axes == [ax]
    assert ax.images[0].get_clim() == (0, 1)


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: plotting.attention_heatmap(torch.rand(2, 4, 4), WORDS), r"weights .*2-D.*\[2, 4, 4\]"),
        (
            lambda: plotting.attention_heatmap(WEIGHTS, WORDS[:3]),
            r"row_labels has 3 labels but needs 4.*\[4, 4\]",
        ),
        (
            lambda: plotting.attention_heatmap(np.ones((4, 3)), WORDS),
            r"col_labels has 4 labels but needs 3.*\[4, 3\]",
        ),
        (
            lambda: plotting.attention_heatmap(WEIGHTS, "이불 배송 언제 와요"),
            r"row_labels must be a list of words",
        ),
    ],
    ids=["three_dimensional", "short_row_labels", "defaulted_col_labels", "one_string"],
)
def test_heatmap_rejects_bad_input_naming_argument_and_shape(call, expected):
    with pytest.raises(ValueError, match=expected):
        call()


# ---------------------------------------------------------------- heatmap_grid
def test_grid_shares_one_colour_scale_and_has_exactly_one_colour_bar():
    small, large = np.full((4, 4), 0.25), np.eye(4) * 0.9
    fig = plotting.heatmap_grid([small, large], WORDS, titles=["작은 가중치", "큰 가중치"], suptitle="ch04")
    maps = [ax for ax in fig.axes if ax.images]
    assert len(maps) == 2
    assert len(fig.axes) == 3, "two maps and one colour bar"
    assert {ax.images[0].get_clim() for ax in maps} == {(0.0, 0.9)}
    assert [ax.get_title() for ax in maps] == ["작은 가중치", "큰 가중치"]
    assert fig.get_suptitle() == "ch04"


def test_grid_takes_a_batch_stack_with_labels_per_sentence():
    sentences = [["나는", "오늘", "학교에", "간다"], ["나는", "집에", "간다", "[PAD]"], WORDS]
    fig = plotting.heatmap_grid(torch.rand(3, 4, 4, requires_grad=True), sentences, ncols=2)
    maps = [ax for ax in fig.axes if ax.images]
    assert [_tick_texts(ax.get_yticklabels()) for ax in maps] == sentences
    assert [_tick_texts(ax.get_xticklabels()) for ax in maps] == sentences
    assert len(fig.axes) == 4, "three maps, the empty fourth slot removed, one colour bar"


def test_grid_of_one_matrix_is_one_map_with_its_colour_bar():
    fig = plotting.heatmap_grid(np.array(WEIGHTS), WORDS)
    assert len(fig.axes) == 2


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (
            lambda: plotting.heatmap_grid([np.eye(4)] * 2, [WORDS] * 3),
            r"row_labels has 3 label lists.*2 matrices",
        ),
        (lambda: plotting.heatmap_grid([np.eye(4)] * 2, WORDS, titles=["하나"]), r"titles has 1 entries.*2"),
        (lambda: plotting.heatmap_grid([np.eye(4), np.ones(4)], WORDS), r"matrices\[1\] .*2-D.*\[4\]"),
        (lambda: plotting.heatmap_grid(torch.rand(2, 2, 4, 4), WORDS), r"matrices .*\[2, 2, 4, 4\]"),
        (
            lambda: plotting.heatmap_grid([np.eye(4), np.eye(3)], WORDS),
            r"row_labels has 4 labels but needs 3",
        ),
        (lambda: plotting.heatmap_grid([], WORDS), r"matrices is empty"),
    ],
    ids=["label_lists", "titles", "one_map_not_2d", "four_dimensional", "labels_vs_second_map", "empty"],
)
def test_grid_rejects_bad_input_naming_argument_and_shape(call, expected):
    with pytest.raises(ValueError, match=expected):
        call()


# ---------------------------------------------------------------- scaling_bar_chart
def test_scaling_bar_chart_draws_before_and_after_side_by_side():
    before = torch.tensor([0.0, 0.0, 1.0])
    after = np.array([0.2, 0.3, 0.5])
    ax = plotting.scaling_bar_chart(before, after, d_k=64)
    bars = ax.patches
    assert [round(bar.get_x() + bar.get_width() / 2, 6) for bar in bars] == [-0.2, 0.8, 1.8, 0.2, 1.2, 2.2]
    assert {round(bar.get_width(), 6) for bar in bars} == {0.4}
    assert [bar.get_height() for bar in bars] == pytest.approx([0.0, 0.0, 1.0, 0.2, 0.3, 0.5])
    assert _tick_texts(ax.get_legend().get_texts()) == ["점수 그대로 softmax", r"$\sqrt{d_k}$로 나눈 점수로 softmax"]
    assert ax.get_xlabel() == "Key"
    assert ax.get_ylabel() == "비율" and ax.get_yscale() == "linear"
    assert "$d_k$ = 64" in ax.get_title()


def test_scaling_bar_chart_on_a_log_scale_shows_weights_too_small_for_the_linear_one():
    ax = plotting.scaling_bar_chart([1e-13, 1.0], [0.4, 0.6], log=True)
    assert ax.get_yscale() == "log" and ax.get_ylabel() == "비율 (로그 눈금)"
    assert ax.get_ylim()[0] < 1e-13


def test_scaling_bar_chart_takes_key_labels_and_a_title():
    ax = plotting.scaling_bar_chart([1.0, 0.0], [0.6, 0.4], labels=["이불", "배송"], title="두 낱말")
    assert _tick_texts(ax.get_xticklabels()) == ["이불", "배송"]
    assert ax.get_title() == "두 낱말"


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        (lambda: plotting.scaling_bar_chart([0.5, 0.5], [0.2, 0.3, 0.5]), r"before and after .* got 2 and 3"),
        (lambda: plotting.scaling_bar_chart(np.eye(2), np.eye(2)), r"before must be 1-D.*\[2, 2\]"),
        (lambda: plotting.scaling_bar_chart([0.5, 0.5], [0.5, 0.5], labels=["이불"]), r"labels has 1 labels"),
    ],
    ids=["lengths", "two_dimensional", "labels"],
)
def test_scaling_bar_chart_rejects_bad_input(call, expected):
    with pytest.raises(ValueError, match=expected):
        call()


def test_axes_made_before_the_font_setup_still_draw_hangul(tmp_path):
    script = textwrap.dedent(
        """
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots()  # made before helpers.plotting touches any font setting
        from helpers import plotting
        plotting.attention_heatmap([[0.5, 0.5], [0.1, 0.9]], ["이불", "배송"], ax=ax, title="비율표")
        fig.savefig(%r, format="png")
        """
    ) % str(tmp_path / "early.png")
    completed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""


# ---------------------------------------------------------------- colour scale of a 비율표
def _overlapping_texts(fig: matplotlib.figure.Figure) -> list[tuple[str, str]]:
    """Pairs of visible, non-empty texts of `fig` whose drawn boxes overlap."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    texts = [text for text in fig.findobj(matplotlib.text.Text) if text.get_visible() and text.get_text().strip()]
    boxes = [(text.get_text(), text.get_window_extent(renderer)) for text in texts]
    return [(a, b) for k, (a, box_a) in enumerate(boxes) for b, box_b in boxes[k + 1 :] if box_a.overlaps(box_b)]


def test_the_overlap_check_sees_two_labels_on_top_of_each_other():
    """Guards the overlap tests below."""
    plotting.setup_korean_font()
    fig, ax = plt.subplots()
    ax.set_title("비율표")
    ax.text(0.5, 1.01, "합 1.89", transform=ax.transAxes, ha="center")
    assert [set(pair) for pair in _overlapping_texts(fig)] == [{"비율표", "합 1.89"}]


def test_a_weight_table_is_coloured_from_0_to_1_and_other_matrices_on_their_range():
    peaked = [[0.97, 0.01, 0.01, 0.01]] * 4  # a 비율표 whose largest value is far from 1
    assert plotting.attention_heatmap(peaked, WORDS).images[0].get_clim() == (0.0, 1.0)
    scores = [[0.0, 2.0, 0.0, 1.0], [4.0, 0.0, 0.0, 0.0], [0.0, 4.0, 0.0, 2.0], [0.0, 2.0, 0.0, 1.0]]
    assert plotting.attention_heatmap(scores, WORDS).images[0].get_clim() == (0.0, 4.0)
    assert plotting.attention_heatmap(peaked, WORDS, vmin=0.5, vmax=0.9).images[0].get_clim() == (0.5, 0.9)


def test_a_grid_of_weight_tables_shares_the_scale_0_to_1():
    fig = plotting.heatmap_grid([np.full((4, 4), 0.25), np.eye(4) * 0.9 + 0.025], WORDS)
    assert {ax.images[0].get_clim() for ax in fig.axes if ax.images} == {(0.0, 1.0)}
    colour_bar = fig.axes[-1]
    assert colour_bar.get_ylim() == (0.0, 1.0)


def test_grid_takes_an_explicit_colour_scale():
    fig = plotting.heatmap_grid([np.eye(4) * 3.0, np.eye(4)], WORDS, vmin=-1.0, vmax=5.0)
    assert {ax.images[0].get_clim() for ax in fig.axes if ax.images} == {(-1.0, 5.0)}


# ---------------------------------------------------------------- masks
MASK_4 = torch.tensor([[True, True, True, False]] * 4)  # ch03 sentence 4: the [PAD] column hidden
SENTENCE_4 = ["나는", "집에", "간다", "[PAD]"]


def test_mask_is_two_colours_with_a_legend_and_no_colour_bar():
    ax = plotting.mask_heatmap(MASK_4, SENTENCE_4, title="패딩 마스크")
    assert ax.figure.axes == [ax], "no colour bar"
    colours = {tuple(np.round(ax.images[0].to_rgba(value)[:3], 3)) for value in (0.0, 1.0)}
    assert len(colours) == 2
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == [plotting.MASK_VISIBLE_LABEL, plotting.MASK_HIDDEN_LABEL]
    assert [text.get_text() for text in ax.texts] == ["참고", "참고", "참고", "가림"] * 4
    assert _tick_texts(ax.get_xticklabels()) == SENTENCE_4


def test_mask_grid_draws_a_stored_strip_beside_its_broadcast_without_overlapping_labels():
    fig = plotting.mask_grid(
        [MASK_4[:1], MASK_4],
        row_labels=[["모든 Query"], SENTENCE_4],
        col_labels=[SENTENCE_4, SENTENCE_4],
        titles=["저장된 마스크 [1, 4]", "퍼진 모습 [4, 4]"],
        suptitle="문장 4 의 패딩 마스크",
    )
    strip, square = (ax for ax in fig.axes if ax.images)
    assert strip.get_ylabel() == "", "the Query axis label is taller than a one-row strip"
    assert "Query" in square.get_ylabel()
    assert len(fig.axes) == 2, "no colour bar"
    assert [text.get_text() for text in fig.legends[0].get_texts()] == [
        plotting.MASK_VISIBLE_LABEL,
        plotting.MASK_HIDDEN_LABEL,
    ]
    assert _overlapping_texts(fig) == []


def test_mask_grid_of_six_masks_has_no_overlapping_labels():
    masks = [MASK_4, MASK_4.T, torch.ones(4, 4, dtype=torch.bool)] * 2
    fig = plotting.mask_grid(masks, SENTENCE_4, titles=[f"마스크 {k}" for k in range(6)], ncols=3)
    assert _overlapping_texts(fig) == []


def test_heatmap_grid_with_a_title_has_no_overlapping_labels():
    weights = torch.softmax(torch.randn(2, 4, 4, generator=torch.Generator().manual_seed(0)), dim=-1)
    fig = plotting.heatmap_grid(weights, WORDS, titles=["나누기 전", "나눈 뒤"], suptitle="비율표")
    assert _overlapping_texts(fig) == []


@pytest.mark.parametrize(
    ("mask", "expected"),
    [(torch.rand(4, 4) + 0.1, r"mask must hold only True/False"), (torch.ones(2, 4, 4), r"2-D")],
    ids=["not_zero_one", "three_dimensional"],
)
def test_mask_heatmap_rejects_what_is_not_one_mask(mask, expected):
    with pytest.raises(ValueError, match=expected):
        plotting.mask_heatmap(mask, WORDS)


def test_show_stores_one_png_whose_metadata_and_text_carry_the_alt_text():
    """A lecture figure shown with plotting.show becomes one PNG output with its alt text (read by the Lab,
    nbconvert and the course website), and the inline backend does not draw the figure a second time."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(textwrap.dedent("""
        from helpers import plotting
        fig = plotting.heatmap_grid([[[0.2, 0.8], [0.6, 0.4]]], row_labels=["언제", "와요"])
        plotting.show(fig, alt="언제와 와요 두 줄의 비율표")
    """))]
    NotebookClient(notebook, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = notebook.cells[0].outputs
    assert [output.output_type for output in outputs] == ["display_data"]
    assert outputs[0].data["image/png"]
    assert outputs[0].metadata == {"image/png": {"alt": "언제와 와요 두 줄의 비율표"}}
    assert outputs[0].data["text/plain"] == "언제와 와요 두 줄의 비율표"


def test_show_refuses_a_figure_without_alt_text():
    fig, _ = plt.subplots()
    with pytest.raises(ValueError, match="alt"):
        plotting.show(fig, alt="  ")
