"""Where a submission stands: the one answer that grade, export, report and feedback all ask for.

- :class:`Outcome` names every state in English; its Korean :attr:`Outcome.label` is only for printing.
- The status file, ``autograded/.autograder/<assignment>.json``, holds one :class:`StatusEntry` per
  student that `grade` has seen: only what a reader reads (the outcome, a failure's reason and log,
  the review findings, whether the kernel was sandboxed, and each test cell's verdict, which the
  grading worker read from the autograded notebook once, for report and feedback).
- A submission's fingerprint digests every file of its folder, the graded cells of the source notebook
  and the code that decides grades (``helpers/grading``, ``helpers/misconceptions``,
  ``helpers/reference.py``, ``helpers/given.py``): after a change to any of them, `grade` grades the class again.
- :func:`submission_states` puts the gradebook, the status file, submitted/ and autograded/ together.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path

from autograder.course.context import CourseContext
from autograder.course.diagnosis import CellOutcome
from autograder.course.gradebook import merged_fingerprints, merged_students
from autograder.course.notebook import nbgrader_metadata, read_notebook
from autograder.course.scan import Finding

# The helpers package the kernels import (found, not imported: this module stays light).
HELPERS = Path(importlib.util.find_spec("helpers").origin).parent
GRADING_CODE = ("grading", "misconceptions", "reference.py", "given.py")  # under HELPERS: what decides a grade

NO_SANDBOX_NOTE = ("주의: 샌드박스 없이 채점했습니다 (--no-sandbox). 학생 코드가 이 컴퓨터의 파일, 다른 학생의 제출, "
                   "네트워크에 닿을 수 있었습니다.")


class Outcome(StrEnum):
    """What became of a submission (the value is what the status file stores)."""

    GRADED = "graded"  # in the gradebook, graded from what submitted/ holds now
    FAILED = "failed"  # the last run could not grade it
    CHANGED = "changed"  # in the gradebook, but the submission, the source or the grading changed since
    UNGRADED = "ungraded"  # submitted and never graded
    MISSING = "missing"  # nothing submitted
    UNCHANGED = "unchanged"  # a run left it as graded before
    INTERRUPTED = "interrupted"  # a run stopped before recording it

    @property
    def label(self) -> str:
        """The Korean word a table or a progress line prints."""
        return _LABELS[self]


_LABELS = {Outcome.GRADED: "채점", Outcome.FAILED: "실패", Outcome.CHANGED: "바뀜", Outcome.UNGRADED: "채점 전",
           Outcome.MISSING: "제출 없음", Outcome.UNCHANGED: "변경 없음", Outcome.INTERRUPTED: "중단"}


@dataclass(frozen=True)
class StatusEntry:
    """What the status file remembers of a student's last graded or failed submission."""

    outcome: Outcome  # GRADED or FAILED
    reason: str = ""  # Korean, when FAILED
    log: str = ""  # the failed submission's log file
    findings: tuple[Finding, ...] = ()  # the review scan's, made by the worker
    sandboxed: bool = True  # the kernel ran in the sandbox
    cells: tuple[CellOutcome, ...] = ()  # when GRADED: every test cell's points and verdict, read by the worker

    def to_json(self) -> dict:
        return {key: value for key, value in asdict(self).items() if value not in ("", ())}

    @classmethod
    def from_json(cls, data: dict) -> StatusEntry:
        return cls(Outcome(data["outcome"]), data.get("reason", ""), data.get("log", ""),
                   tuple(Finding(**finding) for finding in data.get("findings", ())), data.get("sandboxed", True),
                   tuple(CellOutcome.from_json(cell) for cell in data.get("cells", ())))


# ---------------------------------------------------------------- the status file
def status_path(context: CourseContext, assignment: str) -> Path:
    """Where the status file of `assignment` lives."""
    return context.state_dir / f"{assignment}.json"


def status_file(context: CourseContext, assignment: str) -> dict[str, dict]:
    """The status file as stored, student → entry ({} before the first run, or when it is unreadable)."""
    try:
        return json.loads(status_path(context, assignment).read_text(encoding="utf-8")).get("students", {})
    except (OSError, ValueError):
        return {}


def load_status(context: CourseContext, assignment: str) -> dict[str, StatusEntry]:
    """Student → last known entry."""
    entries = {}
    for student, data in status_file(context, assignment).items():
        try:
            entries[student] = StatusEntry.from_json(data)
        except (KeyError, TypeError, ValueError):  # an entry of an older tool: as if never graded
            continue
    return entries


def save_status(context: CourseContext, assignment: str, entries: dict[str, StatusEntry]) -> None:
    """Replace the status file atomically: a reader sees the old file or the new one, never half."""
    path = status_path(context, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".tmp{os.getpid()}")
    students = {student: entry.to_json() for student, entry in entries.items()}
    temporary.write_text(json.dumps({"assignment": assignment, "students": students}, ensure_ascii=False,
                                    indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


# ---------------------------------------------------------------- the fingerprint
def grading_digest(helpers: Path | None = None) -> str:
    """Digest of the code that decides grades: every file of GRADING_CODE under the helpers package."""
    base = helpers or HELPERS
    hasher = hashlib.sha256()
    for name in GRADING_CODE:
        top = base / name
        for path in sorted(top.rglob("*.py")) if top.is_dir() else [top]:
            hasher.update(str(path.relative_to(base)).encode() + b"\0")
            hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


def source_digest(context: CourseContext, assignment: str) -> str:
    """Digest of what grading depends on besides the submission: the source's code cells and nbgrader
    metadata, and the grading code."""
    cells = read_notebook(context.source_notebook(assignment)).get("cells", [])
    graded = [(cell.get("cell_type"), cell.get("source"), (cell.get("metadata") or {}).get("nbgrader"))
              for cell in cells if cell.get("cell_type") == "code" or nbgrader_metadata(cell)]
    return hashlib.sha256(json.dumps([graded, grading_digest()], sort_keys=True, ensure_ascii=False).encode()
                          ).hexdigest()


def fingerprint(folder: Path, digest: str) -> str:
    """Digest of every file of a submission folder, and of `digest` (the source's and the grading's)."""
    hasher = hashlib.sha256(digest.encode())
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts):
            hasher.update(str(path.relative_to(folder)).encode() + b"\0")
            hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


# ---------------------------------------------------------------- a submission's state
@dataclass(frozen=True)
class SubmissionState:
    """One student's submission of one assignment, as every tool sees it."""

    student: str
    outcome: Outcome  # GRADED, FAILED, CHANGED, UNGRADED or MISSING
    submitted: bool = False  # submitted/<student>/<assignment>/ exists
    fingerprint: str = ""  # of what submitted/ holds now; "" when nothing is submitted or the source is gone
    merged: bool = False  # the gradebook holds a grade (perhaps of an older version)
    marked: bool = False  # that grade was merged by grade, with a fingerprint (not by stock nbgrader)
    autograded: bool = False  # autograded/<student>/<assignment>/<assignment>.ipynb exists
    entry: StatusEntry | None = field(default=None, compare=False)  # the status file's, if any

    @property
    def up_to_date(self) -> bool:
        """Graded by `grade` from exactly what is submitted now, with the grading of now: nothing to do."""
        return self.outcome is Outcome.GRADED and self.marked and self.autograded


def _outcome(entry: StatusEntry | None, submitted: bool, merged: bool, mark: str, current: str) -> Outcome:
    if entry and entry.outcome is Outcome.FAILED:
        return Outcome.FAILED
    if not merged:
        return Outcome.UNGRADED if submitted else Outcome.MISSING
    if mark and current and current != mark:
        return Outcome.CHANGED
    return Outcome.GRADED


def submission_states(context: CourseContext, assignment: str, gradebook) -> dict[str, SubmissionState]:
    """student → state, for everyone who submitted, is in the gradebook or in the status file."""
    submitted = set(context.submitted_students(assignment))
    merged, marks = merged_students(gradebook, assignment), merged_fingerprints(gradebook, assignment)
    status = load_status(context, assignment)
    digest = source_digest(context, assignment) if context.source_notebook(assignment).is_file() else None
    states = {}
    for student in sorted(submitted | merged | set(status)):
        current = (fingerprint(context.submission_dir(student, assignment), digest)
                   if student in submitted and digest is not None else "")
        mark, entry = marks.get(student, ""), status.get(student)
        notebook = context.autograded_dir(student, assignment) / f"{assignment}.ipynb"
        states[student] = SubmissionState(
            student, _outcome(entry, student in submitted, student in merged, mark, current), student in submitted,
            current, student in merged, bool(mark), notebook.is_file(), entry)
    return states
