"""Hangul-safe plots of the course: attention heatmaps and the ch02 bar chart.

Importing this module changes nothing in matplotlib. Every public function calls
:func:`setup_korean_font` first, so a notebook cannot forget it and a Korean word is
never drawn as a box of tofu.
"""

from __future__ import annotations

import functools
import importlib.util
import math
import os
from collections.abc import Sequence
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import matplotlib.text
import numpy as np
import torch
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from pandas import DataFrame, Index

__all__ = [
    "attention_heatmap",
    "heatmap_grid",
    "mask_grid",
    "mask_heatmap",
    "scaling_bar_chart",
    "setup_korean_font",
    "show",
]

Matrix = torch.Tensor | np.ndarray | DataFrame
Labels = Sequence[str]

# Hangul fonts that come with macOS, Windows or common Linux packages, most wanted first.
# Used only when koreanize-matplotlib (which bundles NanumGothic) is not installed.
_SYSTEM_HANGUL_FAMILIES = (
    "AppleGothic",
    "Apple SD Gothic Neo",
    "Malgun Gothic",
    "NanumGothic",
    "NanumBarunGothic",
    "Noto Sans CJK KR",
    "Noto Sans KR",
    "Source Han Sans KR",
    "UnDotum",
    "Baekmuk Gulim",
)
# NanumGothic lacks a few symbols (ᵀ, −, subscripts); matplotlib draws those from its
# own DejaVu Sans instead of warning about a missing glyph.
_SYMBOL_FALLBACK = "DejaVu Sans"

QUERY_AXIS_LABEL = "Query (보는 낱말)"
KEY_AXIS_LABEL = "Key (참고하는 낱말)"

# A mask has two values, so it gets two colours and a legend, never a continuous colour bar.
MASK_VISIBLE_COLOUR, MASK_HIDDEN_COLOUR = "#2a9d8f", "#e5e5e5"  # teal = may be looked at, grey = hidden
MASK_VISIBLE_LABEL, MASK_HIDDEN_LABEL = "True: 참고함", "False: 가림"
MASK_CELL_TEXT = {True: "참고", False: "가림"}


# ---------------------------------------------------------------- the Hangul font
def _bundled_nanum_files() -> list[Path]:
    """NanumGothic*.ttf shipped inside koreanize-matplotlib, found without importing it.

    Its module imports ``distutils`` (removed in Python 3.12), so only its location is read.
    """
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return []
    return sorted(
        path
        for folder in spec.submodule_search_locations
        for path in Path(folder, "fonts").glob("NanumGothic*.ttf")
    )


def _register_fonts(files: Sequence[Path]) -> str:
    """Add the font files to matplotlib (once each); return the family name of the regular one."""
    known = {entry.fname for entry in font_manager.fontManager.ttflist}
    for path in files:
        if os.fsdecode(path) not in known:
            font_manager.fontManager.addfont(path)
    regular = next((path for path in files if path.name == "NanumGothic.ttf"), files[0])
    return font_manager.get_font(regular).family_name


def _covers_hangul(font_path: str) -> bool:
    return ord("가") in font_manager.get_font(font_path).get_charmap()


def _system_hangul_family() -> str | None:
    """The first installed font family of ``_SYSTEM_HANGUL_FAMILIES`` that really has Hangul."""
    installed = {entry.name: entry.fname for entry in font_manager.fontManager.ttflist}
    for family in _SYSTEM_HANGUL_FAMILIES:
        if family in installed and _covers_hangul(installed[family]):
            return family
    return None


@functools.cache
def _hangul_family() -> str:
    """Find (and register, the first time) a font family with Hangul glyphs."""
    bundled = _bundled_nanum_files()
    if bundled:
        return _register_fonts(bundled)
    family = _system_hangul_family()
    if family is None:
        raise RuntimeError(
            "No font with Hangul glyphs was found for matplotlib. Install the course's pinned "
            "package: `pip install koreanize-matplotlib==0.1.1` (it ships NanumGothic), "
            "then restart the kernel. 한글 글꼴이 없습니다: 위 명령으로 설치한 뒤 커널을 다시 시작하세요."
        )
    return family


def setup_korean_font() -> str:
    """Make matplotlib draw Hangul; return the font family used (e.g. "NanumGothic").

    Prefers NanumGothic from koreanize-matplotlib, else an installed system Hangul font.
    Sets ``font.family`` to [that family, DejaVu Sans for missing symbols] and turns
    ``axes.unicode_minus`` off. Safe to call again: the font search runs once.
    """
    family = _hangul_family()
    matplotlib.rcParams["font.family"] = [family, _SYMBOL_FALLBACK]
    matplotlib.rcParams.update({"axes.unicode_minus": False})
    return family


def show(fig: Figure, alt: str) -> None:
    """Display ``fig`` as a PNG that carries ``alt`` (a sentence saying what it shows), then close it.

    The PNG is the one the inline backend would draw; the alt text travels in the output's metadata
    (``metadata["image/png"]["alt"]``), where JupyterLab, nbconvert and the course website read it.
    Outside IPython the figure is shown with ``plt.show()`` instead.
    """
    if not alt.strip():
        raise ValueError("alt must say what the figure shows; got an empty string")
    from IPython import get_ipython
    from IPython.display import display

    shell = get_ipython()
    if shell is None:
        plt.show()
        return
    data, _ = shell.display_formatter.format(fig, include=("image/png", "text/plain"))
    display(
        {"image/png": data["image/png"], "text/plain": alt},
        raw=True,
        metadata={"image/png": {"alt": alt}},
    )
    plt.close(fig)


# ---------------------------------------------------------------- input checks
def _as_matrix(name: str, values: Matrix) -> np.ndarray:
    """A float numpy copy of a 2-D tensor, array or DataFrame: [S_q, S_k]."""
    if isinstance(values, torch.Tensor):
        values = values.detach().cpu().numpy()
    matrix = np.asarray(values, dtype=float)
    if matrix.ndim != 2:
        raise ValueError(
            f"{name} must be one 2-D attention matrix [S_q, S_k]; got shape {list(matrix.shape)} "
            "(for a batch of matrices use heatmap_grid)"
        )
    return matrix


def _as_labels(name: str, labels: Labels, needed: int, unit: str) -> list[str]:
    """The labels as strings, exactly one per ``unit`` (e.g. "Query row of weights [4, 4]")."""
    if isinstance(labels, str):
        raise ValueError(f"{name} must be a list of words, one per {unit}; got the single string {labels!r}")
    words = [str(label) for label in labels]
    if len(words) != needed:
        raise ValueError(f"{name} has {len(words)} labels but needs {needed}, one per {unit}")
    return words


def _is_weight_table(matrix: np.ndarray) -> bool:
    """A 비율표: every value finite and in [0, 1], and every row summing to 1."""
    return bool(
        matrix.size
        and np.isfinite(matrix).all()
        and matrix.min() >= 0.0
        and matrix.max() <= 1.0
        and np.allclose(matrix.sum(axis=-1), 1.0, atol=1e-3)
    )


def _colour_range(
    maps: Sequence[np.ndarray], vmin: float | None, vmax: float | None
) -> tuple[float | None, float | None]:
    """The colour scale: as given; else 0–1 when every map is a 비율표 (so panels and chapters
    compare); else the range of the finite values."""
    if vmin is not None and vmax is not None:
        return vmin, vmax
    if all(_is_weight_table(matrix) for matrix in maps):
        low, high = 0.0, 1.0
    else:
        finite = np.concatenate([matrix[np.isfinite(matrix)] for matrix in maps])
        low, high = (float(finite.min()), float(finite.max())) if finite.size else (None, None)
    return (low if vmin is None else vmin), (high if vmax is None else vmax)


def _text_color(rgba: tuple[float, float, float, float]) -> str:
    """Black on light cells, white on dark ones."""
    red, green, blue, _ = rgba
    return "black" if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5 else "white"


# ---------------------------------------------------------------- heatmaps
def attention_heatmap(
    weights: Matrix,
    row_labels: Labels,
    col_labels: Labels | None = None,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    annotate: bool = True,
    fmt: str = ".2f",
    cmap: str = "Blues",
    vmin: float | None = None,
    vmax: float | None = None,
    colorbar: bool = True,
) -> Axes:
    """Heatmap of one attention matrix [S_q, S_k], words on both axes (ch01–ch04).

    Rows are the Query words (보는 낱말), columns the Key words (참고하는 낱말);
    ``col_labels`` defaults to ``row_labels``. With ``annotate`` each cell shows its value.
    A 비율표 (values in [0, 1], rows summing to 1) is coloured on the scale 0–1 unless
    ``vmin``/``vmax`` say otherwise; any other matrix on the range of its values.
    """
    setup_korean_font()
    matrix = _as_matrix("weights", weights)  # [S_q, S_k]
    n_rows, n_cols = matrix.shape
    shape = list(matrix.shape)
    rows = _as_labels("row_labels", row_labels, n_rows, f"Query row of weights {shape}")
    cols = _as_labels(
        "col_labels",
        row_labels if col_labels is None else col_labels,
        n_cols,
        f"Key column of weights {shape}",
    )
    if ax is None:
        _, ax = plt.subplots(
            figsize=(max(3.5, 0.7 * n_cols + 2.2), max(3.0, 0.6 * n_rows + 1.5)), layout="constrained"
        )

    vmin, vmax = _colour_range([matrix], vmin, vmax)
    image = ax.imshow(matrix, cmap=cmap, vmin=vmin, vmax=vmax)
    ax.set_xticks(range(n_cols), labels=cols)
    ax.set_yticks(range(n_rows), labels=rows)
    ax.set_xlabel(KEY_AXIS_LABEL)
    ax.set_ylabel(QUERY_AXIS_LABEL)
    if title is not None:
        ax.set_title(title)
    if annotate:
        for (i, j), value in np.ndenumerate(matrix):
            color = _text_color(image.to_rgba(value)) if np.isfinite(value) else "black"
            ax.text(j, i, format(value, fmt), ha="center", va="center", color=color, fontsize=9)
    if colorbar:
        ax.figure.colorbar(image, ax=ax, shrink=0.8)
    _use_course_font(ax)
    return ax


def _use_course_font(ax: Axes) -> None:
    """Give every text of `ax` the Hangul font: axes made before setup_korean_font() keep the
    font of their creation for tick labels and titles, which would draw Hangul as boxes."""
    family = matplotlib.rcParams["font.family"]
    for text in ax.findobj(matplotlib.text.Text):
        text.set_fontfamily(family)


def _as_matrices(matrices: Matrix | Sequence[Matrix]) -> list[np.ndarray]:
    """A list of 2-D matrices, one 2-D matrix or a stack [n, S_q, S_k] → list of [S_q, S_k]."""
    if isinstance(matrices, list | tuple):
        if not matrices:
            raise ValueError("matrices is empty; give at least one 2-D attention matrix")
        return [_as_matrix(f"matrices[{k}]", matrix) for k, matrix in enumerate(matrices)]
    if isinstance(matrices, torch.Tensor):
        matrices = matrices.detach().cpu().numpy()
    stack = np.asarray(matrices, dtype=float)
    if stack.ndim not in (2, 3):
        raise ValueError(
            "matrices must be a list of 2-D matrices, one 2-D matrix or a stack [n, S_q, S_k]; "
            f"got shape {list(stack.shape)}"
        )
    return [stack] if stack.ndim == 2 else list(stack)


def _labels_per_map(name: str, labels: Labels | Sequence[Labels], n_maps: int) -> list[Labels]:
    """One label list shared by all maps, or one list per map."""
    per_map = len(labels) > 0 and all(
        isinstance(item, list | tuple | np.ndarray | Index) for item in labels
    )
    if not per_map:
        return [labels] * n_maps
    if len(labels) != n_maps:
        raise ValueError(f"{name} has {len(labels)} label lists but there are {n_maps} matrices")
    return list(labels)


def _grid_axes(
    maps: list[np.ndarray],
    row_labels: Labels | Sequence[Labels],
    col_labels: Labels | Sequence[Labels] | None,
    titles: Sequence[str] | None,
    ncols: int | None,
    figsize: tuple[float, float] | None,
) -> tuple[Figure, list[Axes], list[Labels], list[Labels]]:
    """The figure and one axes per map (unused slots removed), with the labels of each map."""
    n_maps = len(maps)
    rows = _labels_per_map("row_labels", row_labels, n_maps)
    cols = rows if col_labels is None else _labels_per_map("col_labels", col_labels, n_maps)
    if titles is not None and len(titles) != n_maps:
        raise ValueError(f"titles has {len(titles)} entries but there are {n_maps} matrices")
    ncols = min(n_maps, 4) if ncols is None else ncols
    if ncols < 1:
        raise ValueError(f"ncols must be at least 1; got {ncols}")
    nrows = math.ceil(n_maps / ncols)
    if figsize is None:
        largest = max(max(matrix.shape) for matrix in maps)
        side = max(3.0, 0.65 * largest + 1.6)
        figsize = (side * ncols + 1.0, side * nrows)
    fig, axes = plt.subplots(nrows, ncols, figsize=figsize, squeeze=False, layout="constrained")
    for ax in axes.flat[n_maps:]:
        ax.remove()
    return fig, list(axes.flat[:n_maps]), rows, cols


def _one_query_label_per_row(axes: list[Axes], ncols: int | None) -> None:
    """The Query axis label once per row of maps is enough."""
    per_row = min(len(axes), 4) if ncols is None else ncols
    for start in range(0, len(axes), per_row):
        labelled = [ax for ax in axes[start : start + per_row] if ax.get_ylabel()]
        for ax in labelled[1:]:
            ax.set_ylabel("")


def heatmap_grid(
    matrices: Matrix | Sequence[Matrix],
    row_labels: Labels | Sequence[Labels],
    col_labels: Labels | Sequence[Labels] | None = None,
    *,
    titles: Sequence[str] | None = None,
    ncols: int | None = None,
    annotate: bool = True,
    fmt: str = ".2f",
    cmap: str = "Blues",
    vmin: float | None = None,
    vmax: float | None = None,
    figsize: tuple[float, float] | None = None,
    suptitle: str | None = None,
) -> Figure:
    """Several attention heatmaps in a grid, one shared colour scale and one colour bar (ch03, ch04).

    ``matrices`` is a list of [S_q, S_k] matrices or a stack [n, S_q, S_k] (e.g. a batch).
    Labels (and ``titles``) are one list for every map or a list of lists, one per map.
    The shared scale is ``vmin``–``vmax`` when given, 0–1 when every map is a 비율표, else
    the range of all the values.
    """
    setup_korean_font()
    maps = _as_matrices(matrices)  # n × [S_q, S_k]
    fig, used, rows, cols = _grid_axes(maps, row_labels, col_labels, titles, ncols, figsize)
    vmin, vmax = _colour_range(maps, vmin, vmax)
    for k, ax in enumerate(used):
        attention_heatmap(
            maps[k],
            rows[k],
            cols[k],
            ax=ax,
            title=None if titles is None else titles[k],
            annotate=annotate,
            fmt=fmt,
            cmap=cmap,
            vmin=vmin,
            vmax=vmax,
            colorbar=False,
        )
    _one_query_label_per_row(used, ncols)
    fig.colorbar(used[0].images[0], ax=used, shrink=0.8)
    if suptitle is not None:
        fig.suptitle(suptitle)
    return fig


# ---------------------------------------------------------------- masks (ch03)
def _as_mask(name: str, values: Matrix) -> np.ndarray:
    """A bool numpy copy of a 2-D mask holding only True/False (or 1/0): [S_q, S_k]."""
    matrix = _as_matrix(name, values)
    odd = sorted({float(v) for v in matrix.flat if v not in (0.0, 1.0)})
    if odd:
        raise ValueError(f"{name} must hold only True/False (or 1/0); got also {odd[:3]}")
    return matrix.astype(bool)


def _mask_legend_handles() -> list[Patch]:
    return [
        Patch(facecolor=MASK_VISIBLE_COLOUR, edgecolor="gray", label=MASK_VISIBLE_LABEL),
        Patch(facecolor=MASK_HIDDEN_COLOUR, edgecolor="gray", label=MASK_HIDDEN_LABEL),
    ]


def _draw_mask(
    mask: np.ndarray, row_labels: Labels, col_labels: Labels | None, ax: Axes, title: str | None, annotate: bool
) -> None:
    two_colours = ListedColormap([MASK_HIDDEN_COLOUR, MASK_VISIBLE_COLOUR])
    attention_heatmap(mask.astype(float), row_labels, col_labels, ax=ax, title=title, annotate=False,
                      cmap=two_colours, vmin=0, vmax=1, colorbar=False)
    if mask.shape[0] == 1:
        ax.set_ylabel("")  # one row: its tick label names the Queries; the axis label would outgrow the strip
    if annotate:
        for (i, j), visible in np.ndenumerate(mask):
            colour = "white" if visible else "black"
            ax.text(j, i, MASK_CELL_TEXT[bool(visible)], ha="center", va="center", color=colour, fontsize=9)
        _use_course_font(ax)


def mask_heatmap(
    mask: Matrix,
    row_labels: Labels,
    col_labels: Labels | None = None,
    *,
    ax: Axes | None = None,
    title: str | None = None,
    annotate: bool = True,
    legend: bool = True,
) -> Axes:
    """One mask [S_q, S_k] of True/False (or 1/0) in two colours with a legend (ch03에서 다룹니다).

    True (참고함) cells are teal, False (가림) cells grey; with ``annotate`` each cell says which.
    A one-row mask (e.g. the stored [1, S_k] padding mask) is drawn as a strip without the
    Query axis label, whose row label already names the Queries.
    """
    setup_korean_font()
    matrix = _as_mask("mask", mask)
    if ax is None:
        n_rows, n_cols = matrix.shape
        _, ax = plt.subplots(
            figsize=(max(3.5, 0.7 * n_cols + 2.2), max(1.8, 0.6 * n_rows + 1.5)), layout="constrained"
        )
    _draw_mask(matrix, row_labels, col_labels, ax, title, annotate)
    if legend:
        ax.legend(handles=_mask_legend_handles(), loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=9)
        _use_course_font(ax)
    return ax


def mask_grid(
    masks: Matrix | Sequence[Matrix],
    row_labels: Labels | Sequence[Labels],
    col_labels: Labels | Sequence[Labels] | None = None,
    *,
    titles: Sequence[str] | None = None,
    ncols: int | None = None,
    annotate: bool = True,
    figsize: tuple[float, float] | None = None,
    suptitle: str | None = None,
) -> Figure:
    """Several masks in a grid, two colours and one legend for all (ch03에서 다룹니다).

    Takes what :func:`heatmap_grid` takes (a list of 2-D masks or a stack); the masks may
    differ in shape, e.g. a stored [1, 4] mask beside its broadcast [4, 4].
    """
    setup_korean_font()
    maps = [_as_mask(f"masks[{k}]", matrix) for k, matrix in enumerate(_as_matrices(masks))]
    fig, used, rows, cols = _grid_axes(maps, row_labels, col_labels, titles, ncols, figsize)
    for k, ax in enumerate(used):
        _draw_mask(maps[k], rows[k], cols[k], ax, None if titles is None else titles[k], annotate)
    _one_query_label_per_row(used, ncols)
    legend = fig.legend(handles=_mask_legend_handles(), loc="outside right center", fontsize=9)
    for text in legend.get_texts():
        text.set_fontfamily(matplotlib.rcParams["font.family"])
    if suptitle is not None:
        fig.suptitle(suptitle)
    return fig


# ---------------------------------------------------------------- ch02 bar chart
def _as_vector(name: str, values: torch.Tensor | np.ndarray | Sequence[float]) -> np.ndarray:
    if isinstance(values, torch.Tensor):
        values = values.detach().cpu().numpy()
    vector = np.asarray(values, dtype=float)
    if vector.ndim != 1:
        raise ValueError(f"{name} must be 1-D (one weight per Key); got shape {list(vector.shape)}")
    return vector


BEFORE_COLOUR, AFTER_COLOUR = "#3a5a98", "#e07b39"  # blue: scores as they are, orange: divided by √d_k


def scaling_bar_chart(
    before: torch.Tensor | np.ndarray | Sequence[float],
    after: torch.Tensor | np.ndarray | Sequence[float],
    *,
    labels: Labels | None = None,
    d_k: int | None = None,
    ax: Axes | None = None,
    title: str | None = None,
    log: bool = False,
) -> Axes:
    """Side-by-side bars of the softmax weights without and with ÷√d_k, linear or log scale (ch02에서 다룹니다)."""
    setup_korean_font()
    before_w = _as_vector("before", before)  # [n_keys]
    after_w = _as_vector("after", after)  # [n_keys]
    if before_w.shape != after_w.shape:
        raise ValueError(
            f"before and after need the same length (one weight per Key); "
            f"got {len(before_w)} and {len(after_w)}"
        )
    positions = np.arange(len(before_w))
    if ax is None:
        _, ax = plt.subplots(layout="constrained", figsize=(7, 3.2))

    ax.bar(positions - 0.2, before_w, 0.4, color=BEFORE_COLOUR, label="점수 그대로 softmax")
    ax.bar(positions + 0.2, after_w, 0.4, color=AFTER_COLOUR, label=r"$\sqrt{d_k}$로 나눈 점수로 softmax")
    if labels is None:
        ax.set_xticks(positions)
    else:
        ax.set_xticks(positions, labels=_as_labels("labels", labels, len(positions), "bar pair (Key)"))
    ax.set(xlabel="Key", ylabel="비율 (로그 눈금)" if log else "비율")
    if log:
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0e}")  # 1e-13 처럼 (수식 글꼴의 − 없이)
    if title is None:
        title = r"$\sqrt{d_k}$로 나누지 않을 때와 나눌 때의 비율"  # math text, as ch04 and ch07 write it
        if d_k is not None:
            title = f"$d_k$ = {d_k}: {title}"
    ax.set_title(title)
    ax.legend()
    return ax
