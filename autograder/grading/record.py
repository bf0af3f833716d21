"""Recording a finished submission: the only writer of the gradebook, the status file and autograded/.

A graded submission's staged folder is moved into autograded/ (autograder/course/placing.py: no link
on the way followed), then its grades and fingerprint
are merged in one transaction; a failed one keeps its log and Korean reason. Either way the
status file is rewritten, so `report` and a later run know what happened.

The order loses nothing to a kill at any point: the status entry names the fingerprint it records, so a
student placed or merged but killed before the status file's save is not up to date
(:attr:`autograder.course.state.SubmissionState.up_to_date`) and the next run grades it again. A damaged
status file is kept aside as ``<assignment>.json.damaged`` and written anew.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.exc import OperationalError

from autograder.course import gradebook as book
from autograder.course.console import visible
from autograder.course.context import CourseContext, is_server, unavailable
from autograder.course.placing import place
from autograder.course.state import Outcome, StatusEntry, load_status, save_status, set_aside_damaged
from autograder.grading.messages import Result
from autograder.grading.summary import Row


def _notes(result: Result) -> str:
    """Failed cells, cells stopped by the time limit, and the late penalty, in Korean."""
    failed = [cell.grade_id for cell in result.cells if not cell.passed]
    penalty = sum(notebook.get("late_submission_penalty") or 0 for notebook in result.notebooks.values())
    parts = []
    if failed:
        parts.append("틀림: " + ", ".join(failed))
    if result.timeouts:
        parts.append("시간 초과로 멈춘 셀: " + ", ".join(result.timeouts))
    if penalty:
        parts.append(f"지각 감점 {penalty:g}점 (성적부 점수에서 뺌)")
    return "; ".join(parts)


class Recorder:
    """Records each finished submission of one assignment into the gradebook and the status file."""

    def __init__(self, context: CourseContext, assignment: str):
        self.context, self.assignment = context, assignment
        self.status = load_status(context, assignment)
        self.saved = False  # the status file was written by this run (a damaged one was set aside first)

    def record(self, gradebook, result: Result) -> Row:
        """Merge a graded result (or note a failed one) and return its row of the closing table;
        GradebookUnavailable, with nothing of the student recorded, when the gradebook's server went away."""
        if result.ok:
            try:
                place(Path(result.staged), self.context.autograded_dir(result.student, self.assignment))
                book.merge(gradebook, self.assignment, result.student, result.fingerprint, result.timestamp,
                           result.notebooks)
            except Exception as error:  # noqa: BLE001 - this student fails, the others go on
                if isinstance(error, OperationalError) and is_server(self.context.db_url):
                    raise unavailable(self.context.db_url, error) from None  # the server went away: the run stops
                result.ok, result.reason = False, f"성적부에 기록하지 못했습니다: {type(error).__name__}: {error}"
        row, entry = self._graded(result) if result.ok else self._failed(result)
        self.status[result.student] = entry
        self._save()
        return row

    def _save(self) -> None:
        """Write the status file; the first time (inside the run's lock), keep a damaged one aside."""
        if not self.saved:
            set_aside_damaged(self.context, self.assignment)
        save_status(self.context, self.assignment, self.status)
        self.saved = True

    def _graded(self, result: Result) -> tuple[Row, StatusEntry]:
        score = sum(cell.points for cell in result.cells)
        maximum = sum(cell.max_points for cell in result.cells)
        return (Row(result.student, Outcome.GRADED, score, maximum, _notes(result), result.findings),
                StatusEntry(Outcome.GRADED, findings=result.findings, sandboxed=result.sandboxed,
                            cells=tuple(result.cells), fingerprint=result.fingerprint))

    def _failed(self, result: Result) -> tuple[Row, StatusEntry]:
        log_path = self.context.state_dir / "logs" / self.assignment / f"{result.student}.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        log_path.write_text(visible(f"{result.reason}\n\n{result.log}"), encoding="utf-8")
        return (Row(result.student, Outcome.FAILED, note=result.reason, findings=result.findings),
                StatusEntry(Outcome.FAILED, result.reason, str(log_path), result.findings, result.sandboxed,
                            fingerprint=result.fingerprint))
