"""What each student wrote for an assignment, exercise by exercise, and what counts as given.

A student's code for an exercise is the solution cell of the submitted notebook whose nbgrader grade_id is the
exercise's (the release notebook names them); a cell left as the release handed it out is not written. Given, and
so never evidence of copying: the release notebook's code, the course's reference solutions (source/), every
lecture notebook's code and helpers/reference.py (the exercises reproduce lecture code by design).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from autograder.course.context import CourseContext
from autograder.course.notebook import cell_source, grade_id, nbgrader_metadata, read_notebook
from helpers.paths import ROOT


@dataclass(frozen=True)
class WrittenCode:
    """One student's submission: exercise → the code of its solution cell (only cells the student changed)."""

    student: str
    cells: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Unreadable:
    """A student whose submission could not be reviewed, and why (Korean)."""

    student: str
    reason: str


def solution_cells(notebook: dict) -> dict[str, str]:
    """grade_id → source of every solution cell of a notebook (nbgrader's `solution` metadata)."""
    cells = {}
    for cell in notebook.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        if nbgrader_metadata(cell).get("solution") and grade_id(cell):
            cells[str(grade_id(cell))] = cell_source(cell)
    return cells


def exercises(context: CourseContext, assignment: str) -> dict[str, str]:
    """exercise → the code the release notebook hands out in its solution cell (in notebook order)."""
    return solution_cells(read_notebook(context.release_notebook(assignment)))


def read_written(context: CourseContext, assignment: str,
                 students: list[str] | None = None) -> tuple[list[WrittenCode], list[Unreadable]]:
    """Every submitted student's (or `students`') written code, and the students whose notebook could not be read."""
    handed_out = exercises(context, assignment)
    written, unreadable = [], []
    for student in context.submitted_students(assignment) if students is None else students:
        notebook_path = context.submission_dir(student, assignment) / f"{assignment}.ipynb"
        if notebook_path.is_symlink():
            unreadable.append(Unreadable(student, f"{assignment}.ipynb가 링크입니다: 학생이 낸 파일이 아닙니다"))
            continue
        try:
            cells = solution_cells(read_notebook(notebook_path))
        except FileNotFoundError:
            unreadable.append(Unreadable(student, f"{assignment}.ipynb가 없습니다 (다른 이름의 파일만 냈습니다)"))
            continue
        except (OSError, ValueError, AttributeError, TypeError) as error:
            unreadable.append(Unreadable(student, f"노트북을 읽지 못했습니다 ({type(error).__name__}): 손상된 파일"))
            continue
        mine = {exercise: cells[exercise] for exercise in handed_out
                if exercise in cells and cells[exercise].strip() != handed_out[exercise].strip()}
        if not mine:
            unreadable.append(Unreadable(student, "직접 쓴 코드가 없습니다 (풀이 셀이 배포본 그대로이거나 비었습니다)"))
            continue
        written.append(WrittenCode(student, mine))
    return written, unreadable


def given_code(context: CourseContext, assignment: str) -> dict[str, tuple[str, ...]]:
    """exercise → the pieces of code a student was given for it: its release cell and reference solution, then the
    lectures' code cells and helpers/reference.py (one text, the same for every exercise)."""
    handed_out, solutions = exercises(context, assignment), reference_solutions(context, assignment)
    shared = "\n\n".join([*_lecture_code(ROOT / "notebooks"), _read(ROOT / "helpers" / "reference.py")])
    return {exercise: (f"{release}\n\n{solutions.get(exercise, '')}", shared)
            for exercise, release in handed_out.items()}


def reference_solutions(context: CourseContext, assignment: str) -> dict[str, str]:
    """exercise → the course's solution (source/), {} where the course folder has no source notebook."""
    try:
        return solution_cells(read_notebook(context.source_notebook(assignment)))
    except (OSError, ValueError):
        return {}


def _lecture_code(folder: Path) -> list[str]:
    texts = []
    for path in sorted(folder.glob("*.ipynb")):
        try:
            notebook = read_notebook(path)
        except (OSError, ValueError):
            continue
        texts += [cell_source(cell) for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"]
    return texts


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""
