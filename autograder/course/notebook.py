"""Notebooks as files and cells as nbgrader sees them: one reader and the cell predicates.

Notebooks are read without validation (a submission may be any JSON) as ``NotebookNode``s, so
nbgrader's own predicates (``nbgrader.utils.is_grade`` and friends) apply to their cells.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
from nbformat import NotebookNode
from nbgrader.utils import is_grade, is_solution

BEGIN_HIDDEN, END_HIDDEN = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"  # the marker lines of a hidden-test region
BEGIN_SOLUTION = "BEGIN SOLUTION"  # the marker line that opens a solution region

def parse_notebook(text: str) -> NotebookNode:
    """A notebook from its JSON text; ValueError when the text is not JSON, or is JSON nested deeper than a reader
    can follow (nbformat itself cannot read it: no notebook is)."""
    try:
        return nbformat.from_dict(json.loads(text))
    except RecursionError:
        raise ValueError("JSON이 너무 깊게 중첩되어 노트북으로 읽을 수 없습니다") from None


def read_notebook(path: Path) -> NotebookNode:
    """The notebook stored at `path` (UTF-8 JSON)."""
    return parse_notebook(Path(path).read_text(encoding="utf-8"))


def cell_source(cell: dict) -> str:
    """The cell's source as one string (stored notebooks may split it into lines; a hostile one may
    store anything there)."""
    source = cell.get("source", "")
    return "".join(map(str, source)) if isinstance(source, list) else str(source or "")


def nbgrader_metadata(cell: dict) -> dict:
    """The cell's nbgrader metadata, {} when it has none."""
    return (cell.get("metadata") or {}).get("nbgrader") or {}


def grade_id(cell: dict) -> str | None:
    """The cell's nbgrader grade_id, None for a cell nbgrader does not track."""
    return nbgrader_metadata(cell).get("grade_id")


def max_points(cell: dict) -> float:
    """The points a graded cell is worth (nbgrader's ``points``; 0 for a cell that has none)."""
    return float(nbgrader_metadata(cell).get("points") or 0)


def is_test_cell(cell: NotebookNode) -> bool:
    """A graded code cell that is not a solution: an exercise's test cell."""
    return cell.cell_type == "code" and bool(is_grade(cell)) and not is_solution(cell)
