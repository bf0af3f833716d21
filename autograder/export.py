"""`export`: the grades CSV, written by nbgrader's own CSV export plugin from the gradebook."""

from __future__ import annotations

from pathlib import Path

from nbgrader.plugins import CsvExportPlugin

from autograder.context import CourseContext
from autograder.status import load_status


def export_grades(context: CourseContext, to: Path | None = None, assignments: list[str] | None = None):
    """Write the CSV; returns (path, data rows, warnings about submissions that have no grade)."""
    path = Path(to) if to else context.root / "grades.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    plugin = CsvExportPlugin(config=context.config, to=str(path), assignment=list(assignments or []))
    with context.gradebook() as gradebook:
        plugin.export(gradebook)
        known = [a.name for a in gradebook.assignments]
        merged = {(s.assignment.name, s.student_id) for a in gradebook.assignments for s in a.submissions}
    rows = max(0, len(path.read_text(encoding="utf-8").splitlines()) - 1)
    warnings = []
    for assignment in (assignments or known):
        for student, entry in sorted(load_status(context, assignment).items()):
            if entry.get("outcome") == "failed":
                held = ("이전 점수가 들어 있습니다" if (assignment, student) in merged
                        else "점수가 없습니다 (CSV 에서 0 또는 빠짐)")
                warnings.append(f"{assignment}/{student}: 채점 실패 — {entry.get('reason', '')}. {held}")
        graded = set(load_status(context, assignment))
        for student in context.submitted_students(assignment):
            if (assignment, student) not in merged and student not in graded:
                warnings.append(f"{assignment}/{student}: 제출했지만 아직 채점하지 않았습니다 (grade {assignment})")
    return path, rows, warnings
