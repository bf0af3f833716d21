"""What a submitted notebook is before it is graded: readable at all, this assignment's, filled in or not.

- :func:`problem` is collect's door: the bytes must be UTF-8 JSON, a valid nbformat notebook, and carry at least
  one of the assignment's nbgrader cells (a deleted test cell is put back at grading, by
  ``OverwriteCells.add_missing_cells``; a notebook with none of them is another assignment's, or no notebook).
- :func:`is_unfilled` says a notebook has no answer written: every answer cell is as released, which nbgrader
  itself tells by the checksum it stores in each cell (``nbgrader.utils.compute_checksum``). Only a label
  (`빈 제출`): the grade is nbgrader's either way.
- :func:`exercises` maps each graded test cell of the source to its exercise, the function its answer cell defines.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
from nbgrader.utils import compute_checksum, is_solution

from autograder.course.context import CourseContext
from autograder.course.lateness import lateness, lateness_note
from autograder.course.notebook import grade_id, is_test_cell, nbgrader_metadata, read_notebook
from autograder.course.roster import gradebook_labels

EMPTY = "빈 제출"  # the label of an unfilled notebook, wherever it is shown


def assignment_cells(source: Path) -> set[str]:
    """The grade_ids of the assignment's nbgrader cells (answers, tests, locked cells) in its source notebook."""
    return {cell_id for cell in read_notebook(source).cells if (cell_id := grade_id(cell))}


def problem(content: bytes, expected: set[str]) -> str:
    """Why `content` cannot be placed as a submission of an assignment with the cells `expected`; "" when it can."""
    try:
        text = content.decode("utf-8")
        json.loads(text)
    except UnicodeDecodeError:
        return "UTF-8 텍스트가 아닙니다 (노트북 파일이 아니거나 손상됨)"
    except json.JSONDecodeError as error:
        return f"JSON이 아닙니다 ({error.lineno}행 {error.colno}열: {error.msg}); 파일이 잘렸거나 손상되었습니다"
    try:
        notebook = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
        nbformat.validate(notebook)
    except Exception as error:  # noqa: BLE001 - nbformat raises many kinds for a JSON that is no notebook
        said = getattr(error, "message", None) or str(error)
        return f"nbformat에 맞지 않는 노트북입니다 ({type(error).__name__}: {str(said).splitlines()[0][:200]})"
    present = {cell_id for cell in notebook.get("cells", []) if (cell_id := grade_id(cell))}
    if expected and not present & expected:
        return "이 과제의 셀이 하나도 없습니다 (다른 과제의 노트북이거나 새로 만든 노트북)"
    return ""


def is_unfilled(content: bytes) -> bool:
    """No answer written: the notebook has answer cells and each still has the checksum it was released with.
    False for anything that is not a notebook (the door and grade say what is wrong with it)."""
    try:
        notebook = nbformat.reads(content.decode("utf-8"), as_version=nbformat.NO_CONVERT)
        answers = [cell for cell in notebook.get("cells", []) if is_solution(cell)]
        return bool(answers) and all(nbgrader_metadata(cell).get("checksum") == compute_checksum(cell)
                                     for cell in answers)
    except Exception:  # noqa: BLE001 - a hostile notebook may break any step of reading it
        return False


def unfilled_students(context: CourseContext, assignment: str, students: list[str]) -> set[str]:
    """Those of `students` whose submitted notebook of `assignment` has no answer written."""
    unfilled = set()
    for student in students:
        path = context.submission_dir(student, assignment) / f"{assignment}.ipynb"
        if path.is_file() and is_unfilled(path.read_bytes()):
            unfilled.add(student)
    return unfilled


def exercises(context: CourseContext, assignment: str) -> dict[str, str]:
    """grade_id of each graded test cell → its exercise: the grade_id of the answer cell before it, in the
    source notebook's order (the function that cell defines)."""
    found, exercise = {}, ""
    for cell in read_notebook(context.source_notebook(assignment)).cells:
        if is_solution(cell) and grade_id(cell):
            exercise = grade_id(cell)
        elif is_test_cell(cell) and grade_id(cell):
            found[grade_id(cell)] = exercise or grade_id(cell)
    return found


def student_notes(context: CourseContext, gradebook, assignment: str,
                  submitted: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(student → '이름 (학번)' from the gradebook's names, student → Korean note: 빈 제출, lateness and penalty)."""
    late = lateness(gradebook, assignment)
    unfilled = unfilled_students(context, assignment, submitted)
    notes = {}
    for student in sorted(set(submitted) | set(late)):
        parts = ([EMPTY] if student in unfilled else []) + ([lateness_note(late[student])] if student in late else [])
        if parts:
            notes[student] = "; ".join(parts)
    return gradebook_labels(gradebook), notes
