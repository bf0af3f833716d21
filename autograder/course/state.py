"""Where a submission stands: the one answer that grade, export, report and feedback all ask for.

- :class:`Outcome` names every state in English; its Korean :attr:`Outcome.label` is only for printing.
- The status file, ``autograded/.autograder/<assignment>.json``, holds one :class:`StatusEntry` per
  student that `grade` has seen: only what a reader reads (the outcome, a failure's reason and log,
  the review findings, whether the kernel was sandboxed, and each test cell's verdict, which the
  grading worker read from the autograded notebook once, for report and feedback), and the fingerprint
  the entry was recorded for. It carries a version and a checksum and is replaced atomically (a new file,
  flushed, renamed into place); one that does not read is reported in one line and counts as empty, so
  every student merged into the gradebook without an entry recording that very grade is graded again
  (:attr:`SubmissionState.up_to_date`), which rebuilds the file. A run killed between a merge and the
  status file's save is repaired the same way.
- A submission's fingerprint digests every file of its folder, the graded cells of the source notebook
  and what decides grades (:mod:`autograder.course.grading_code`: the course modules the checker and the grading
  kernel load, and the versions of the packages they import): after a change to any of them, `grade` grades the
  class again.
- :func:`submission_states` puts the gradebook, the status file, submitted/ and autograded/ together.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from autograder.course.classloop import ClassLoop
from autograder.course.context import CourseContext
from autograder.course.credit import configured_rule
from autograder.course.diagnosis import CellOutcome
from autograder.course.gradebook import merged_fingerprints, merged_students
from autograder.course.grading_code import grading_code
from autograder.course.notebook import nbgrader_metadata, read_notebook
from autograder.course.placing import write_file
from autograder.course.scan import Finding
from helpers.korean import Particle, attach

# The course's packages (found, not imported: this module stays light).
HELPERS = Path(importlib.util.find_spec("helpers").origin).parent
AUTOGRADER = Path(__file__).resolve().parents[1]

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
    fingerprint: str = ""  # of the submission this entry was recorded for (the gradebook's mark, when GRADED)

    def to_json(self) -> dict:
        stored = asdict(replace(self, cells=())) | {"cells": [cell.to_json() for cell in self.cells]}
        return {key: value for key, value in stored.items() if value not in ("", (), [])}

    @classmethod
    def from_json(cls, data: dict) -> StatusEntry:
        return cls(Outcome(data["outcome"]), data.get("reason", ""), data.get("log", ""),
                   tuple(Finding(**finding) for finding in data.get("findings", ())), data.get("sandboxed", True),
                   tuple(CellOutcome.from_json(cell) for cell in data.get("cells", ())), data.get("fingerprint", ""))

    def records(self, mark: str) -> bool:
        """This entry is of the grade merged with fingerprint `mark`."""
        return self.outcome is Outcome.GRADED and bool(mark) and self.fingerprint == mark


# ---------------------------------------------------------------- the status file
def status_path(context: CourseContext, assignment: str) -> Path:
    """Where the status file of `assignment` lives."""
    return context.state_dir / f"{assignment}.json"


# the layout below (3: verdicts as Verdict.to_json writes them); a file of another version is read as damaged
# (and so rebuilt)
STATUS_VERSION = 3


class StatusDamaged(ValueError):
    """The status file does not read (the message says what is wrong with it)."""


@dataclass(frozen=True)
class StatusFile:
    """The status file as read: student → stored entry, and what is wrong with the file ("" when it read)."""

    students: dict[str, dict]
    problem: str = ""


def _checksum(assignment: str, students: dict) -> str:
    canonical = json.dumps({"assignment": assignment, "students": students}, ensure_ascii=False, sort_keys=True,
                           separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def _students(data, assignment: str) -> dict[str, dict]:
    """The students of a parsed status file; StatusDamaged when it is not one this tool wrote for `assignment`."""
    if not isinstance(data, dict):
        raise StatusDamaged("JSON 객체가 아닙니다")
    if data.get("version") != STATUS_VERSION:
        raise StatusDamaged(f"형식 버전이 {data.get('version')!r}입니다 (이 도구는 {STATUS_VERSION})")
    students = data.get("students")
    if not isinstance(students, dict) or data.get("checksum") != _checksum(data.get("assignment"), students):
        raise StatusDamaged("체크섬이 맞지 않습니다 (잘렸거나 다른 손이 고친 파일)")
    if data.get("assignment") != assignment:
        raise StatusDamaged(f"다른 과제 {data.get('assignment')!r}의 파일입니다")
    return students


def read_status(context: CourseContext, assignment: str) -> StatusFile:
    """The status file of `assignment`, verified; a damaged one is reported (one line on stderr, once) and
    counts as empty."""
    path = status_path(context, assignment)
    try:
        return StatusFile(_students(json.loads(path.read_bytes()), assignment))
    except FileNotFoundError:
        return StatusFile({})  # before the first run
    except OSError as error:
        problem = f"읽을 수 없습니다 ({error.strerror})"
    except StatusDamaged as damage:
        problem = str(damage)
    except ValueError:  # not JSON, or not UTF-8: cut short or overwritten
        problem = "JSON으로 읽히지 않습니다 (잘렸거나 덮어쓴 파일)"
    _report_damage(path, problem)
    return StatusFile({}, problem)


_REPORTED: set[tuple[Path, str]] = set()


def _report_damage(path: Path, problem: str) -> None:
    if (path, problem) in _REPORTED:
        return
    _REPORTED.add((path, problem))
    print(f"주의: 상태 파일 {attach(path, Particle.SUBJECT)} 망가졌습니다: {problem}. 없는 것으로 보고, 성적부의 "
          "점수는 그대로 "
          "둡니다. grade가 기록이 없는 학생을 다시 채점해 이 파일을 다시 만듭니다.", file=sys.stderr, flush=True)


def status_file(context: CourseContext, assignment: str) -> dict[str, dict]:
    """The status file as stored, student → entry ({} before the first run, or when it is damaged)."""
    return read_status(context, assignment).students


def load_status(context: CourseContext, assignment: str) -> dict[str, StatusEntry]:
    """Student → last known entry (none from a damaged file)."""
    entries = {}
    for student, data in status_file(context, assignment).items():
        try:
            entries[student] = StatusEntry.from_json(data)
        except (KeyError, TypeError, ValueError):  # an entry of another tool: as if never graded
            continue
    return entries


def set_aside_damaged(context: CourseContext, assignment: str) -> Path | None:
    """Keep a damaged status file as <assignment>.json.damaged (for whoever looks into it) before a run writes
    the file anew; returns where it went, or None when the file reads (or is not there)."""
    if not read_status(context, assignment).problem:
        return None
    path = status_path(context, assignment)
    kept = path.with_name(path.name + ".damaged")
    path.replace(kept)
    return kept


def save_status(context: CourseContext, assignment: str, entries: dict[str, StatusEntry]) -> None:
    """Replace the status file atomically (a new file, flushed, renamed into place): a reader, or a run after a
    power cut, sees the old file or the new one, never half; the version and checksum tell it apart from any
    other file."""
    students = {student: entry.to_json() for student, entry in entries.items()}
    data = {"version": STATUS_VERSION, "assignment": assignment, "students": students,
            "checksum": _checksum(assignment, students)}
    write_file(status_path(context, assignment),
               json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8"))


# ---------------------------------------------------------------- the fingerprint
def grading_digest() -> str:
    """Digest of what decides grades: the course modules of :func:`grading_code` and the packages' versions."""
    code = grading_code({"helpers": HELPERS, "autograder": AUTOGRADER})
    hasher = hashlib.sha256()
    for module, path in code.modules:
        hasher.update(module.encode() + b"\0")
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    for distribution, version in code.distributions:
        hasher.update(f"{distribution}=={version}\0".encode())
    return hasher.hexdigest()


def source_digest(context: CourseContext, assignment: str) -> str:
    """Digest of what grading depends on besides the submission: the source's code cells and nbgrader
    metadata, the grading code and the course's credit rule."""
    cells = read_notebook(context.source_notebook(assignment)).get("cells", [])
    graded = [(cell.get("cell_type"), cell.get("source"), (cell.get("metadata") or {}).get("nbgrader"))
              for cell in cells if cell.get("cell_type") == "code" or nbgrader_metadata(cell)]
    rule = configured_rule(context.config).value
    return hashlib.sha256(json.dumps([graded, grading_digest(), rule], sort_keys=True, ensure_ascii=False).encode()
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
    recorded: bool = False  # the entry records the very grade the gradebook holds (its verdicts are that grade's)
    problem: str = ""  # why this student's submission could not be read now ("" when it could); then FAILED

    @property
    def up_to_date(self) -> bool:
        """Graded by `grade` from exactly what is submitted now, with the grading of now, and recorded in the status
        file: nothing to do."""
        return self.outcome is Outcome.GRADED and self.marked and self.autograded and self.recorded


def _outcome(entry: StatusEntry | None, submitted: bool, merged: bool, mark: str, current: str) -> Outcome:
    if entry and entry.outcome is Outcome.FAILED:
        return Outcome.FAILED
    if not merged:
        return Outcome.UNGRADED if submitted else Outcome.MISSING
    if mark and current and current != mark:
        return Outcome.CHANGED
    return Outcome.GRADED


def submission_states(context: CourseContext, assignment: str, gradebook) -> dict[str, SubmissionState]:
    """student → state, for everyone who submitted, is in the gradebook or in the status file. A student whose
    submission cannot be read is FAILED, with the reason as its `problem`, and the others are read all the same
    (autograder/course/classloop.py)."""
    submitted = set(context.submitted_students(assignment))
    merged, marks = merged_students(gradebook, assignment), merged_fingerprints(gradebook, assignment)
    status = load_status(context, assignment)
    digest = source_digest(context, assignment) if context.source_notebook(assignment).is_file() else None

    def state_of(student: str) -> SubmissionState:
        current = (fingerprint(context.submission_dir(student, assignment), digest)
                   if student in submitted and digest is not None else "")
        mark, entry = marks.get(student, ""), status.get(student)
        notebook = context.autograded_dir(student, assignment) / f"{assignment}.ipynb"
        return SubmissionState(
            student, _outcome(entry, student in submitted, student in merged, mark, current), student in submitted,
            current, student in merged, bool(mark), notebook.is_file(), entry, bool(entry and entry.records(mark)))

    loop = ClassLoop()
    states = loop.each(sorted(submitted | merged | set(status)), state_of)
    for failure in loop.failures:
        reason = f"제출을 읽지 못했습니다: {failure.reason}"
        states[failure.student] = SubmissionState(
            failure.student, Outcome.FAILED, failure.student in submitted, merged=failure.student in merged,
            marked=failure.student in marks, entry=StatusEntry(Outcome.FAILED, reason), problem=reason)
    return dict(sorted(states.items()))
