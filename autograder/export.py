"""`export`: the grades, as nbgrader's CSV or as the file an LMS imports unchanged.

- ``nbgrader`` (default): nbgrader's own CSV export plugin, every student of the gradebook. With
  ``per_exercise``, beside each exercise's points a ``<column> 진단`` column: the diagnosis code
  (:attr:`~helpers.grading.verdict.Verdict.code`) of the exercise's failed test cell in the last grading, as the
  status file holds it; blank when the exercise passed, was not graded, or the status file does not record the
  grade the gradebook holds.
- ``moodle``: Moodle's CSV grade import (Grades → Import → CSV file). The identifier column comes
  first (Moodle's "Map from" starts there; "Map to" is ID number, email address or username),
  then the name, then one column per grade item, mapped to the item on Moodle's preview page.
- ``canvas``: Canvas's Gradebook import. ``Student, ID, SIS User ID, SIS Login ID, Section``,
  then one column per assignment (``제목 (과제 ID)`` hits an existing assignment, a bare title a
  same-named one, anything else becomes a new assignment), a ``Points Possible`` row first.

Both LMS files get the points per exercise and no diagnosis columns (an LMS would take them for grade
items). Both are UTF-8 with a byte-order mark (Excel then shows the Hangul; Moodle's CSV
reader strips the mark, Canvas writes it itself when a user asks) and quote the way RFC 4180 does.
Their students come from the roster (``collect --roster``'s file with the LMS's identifiers):
one with no identifier, or absent from the roster, is named and left out, never written with an
empty key. A cell is the score after the late penalty (as nbgrader's CSV computes it), 0 for no
submission, and blank when the submission failed, is not graded yet, or changed after grading;
a row whose cells are all blank is left out, so the LMS keeps what it had.
"""

from __future__ import annotations

import csv
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.course import gradebook as book
from autograder.course.classloop import StudentFailure
from autograder.course.console import visible
from autograder.course.context import CourseContext, CourseError
from autograder.course.roster import Roster, RosterStudent, read_roster
from autograder.course.state import Outcome, SubmissionState, submission_states
from autograder.course.submission import exercises, student_notes
from helpers.grading.verdict import Verdict
from helpers.korean import Particle, attach

MOODLE_KEYS = {"idnumber": "ID number", "email": "Email address", "username": "Username"}  # Moodle's own labels
CANVAS_KEYS = {"canvas_id": "ID", "sis_user_id": "SIS User ID", "sis_login_id": "SIS Login ID"}
CANVAS_STUDENT_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
# headers Canvas's importer reads as student columns or drops as totals (GradebookImporter, canvas-lms)
CANVAS_NOT_ASSIGNMENTS = re.compile(r"^(Student|LastName|FirstName|ID|SIS User ID|SIS Login ID|Section|"
                                    r"Integration ID|Root Account)$|Current Score|Current Points|Current Grade|"
                                    r"Final Score|Final Points|Final Grade|Override Score|Override Grade|"
                                    r"Override Status|Points Possible")
LMS_NAMES = {"moodle": "Moodle", "canvas": "Canvas"}
KEY_LABELS = {**MOODLE_KEYS, "canvas_id": "Canvas ID", "sis_user_id": "SIS User ID", "sis_login_id": "SIS Login ID"}


NBGRADER_COLUMNS = ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
                    "raw_score", "late_submission_penalty", "score", "max_score"]  # nbgrader's CsvExportPlugin's
DIAGNOSIS = "진단"  # grades.csv's diagnosis column beside an exercise's points: '<assignment>: <function> 진단'


def export_grades(context: CourseContext, to: Path | None = None, assignments: list[str] | None = None,
                  per_exercise: bool = False):
    """Write nbgrader's CSV (its CsvExportPlugin's columns, quoted as RFC 4180 so a name with a comma stays one
    cell), then a comment column and, with `per_exercise`, two columns per graded exercise: its points and its
    diagnosis code; returns (path, data rows, warnings about submissions that have no grade, the students whose
    submission could not be read now)."""
    path = Path(to) if to else context.root / "grades.csv"
    warnings, failures = [], []
    with context.gradebook() as gradebook:
        chosen = [a.name for a in gradebook.assignments if not assignments or a.name in assignments]
        details = {name: assignment_cells(context, gradebook, name) for name in chosen}
        exercise_columns = _exercise_headers(context, chosen, {name: name for name in chosen}) if per_exercise else {}
        rows = [[*NBGRADER_COLUMNS, "comment", *(name for header in exercise_columns.values()
                                                  for name in (header, f"{header} {DIAGNOSIS}"))]]
        for assignment in gradebook.assignments:
            if assignment.name in chosen:
                rows += _nbgrader_rows(gradebook, assignment, details[assignment.name], exercise_columns)
        for assignment in chosen:
            states = submission_states(context, assignment, gradebook)
            warnings += _grade_warnings(assignment, states)
            failures += [StudentFailure(f"{assignment}/{student}", state.problem)
                         for student, state in states.items() if state.problem]
    _write(path, rows, bom=False)
    return path, len(rows) - 1, warnings, failures


def _nbgrader_rows(gradebook, assignment, cells: dict[str, Cell], exercise_columns: dict) -> list[list[str]]:
    """One row per gradebook student, as nbgrader's CsvExportPlugin writes it, with the comment and each exercise's
    points and diagnosis code."""
    submissions = {s.student_id: s for s in assignment.submissions}
    rows = []
    for student in gradebook.students:
        submission = submissions.get(student.id)
        raw = float(submission.score or 0) if submission else 0.0
        penalty = float(submission.late_submission_penalty or 0) if submission else 0.0
        cell = cells.get(student.id) or not_submitted()
        exercises = [value for (name, exercise) in exercise_columns  # another assignment's exercise: blank
                     for value in ((_number(cell.exercise_points(exercise)), cell.diagnosis(exercise))
                                   if name == assignment.name else ("", ""))]
        rows.append([assignment.name, _text_or_blank(assignment.duedate), _text_or_blank(submission and
                     submission.timestamp), student.id, student.last_name or "", student.first_name or "",
                     student.email or "", _number(raw), _number(penalty), _number(max(0.0, raw - penalty)),
                     _number(float(assignment.max_score or 0)), cell.comment, *exercises])
    return rows


def _text_or_blank(value) -> str:
    return "" if value is None else str(value)


def _grade_warnings(assignment: str, states: dict) -> list[str]:
    """One line per submission of `assignment` that has no current grade."""
    warnings = []
    for student, state in states.items():
        if state.outcome is Outcome.FAILED:
            held = "이전 점수가 들어 있습니다" if state.merged else "점수가 없습니다 (CSV에서 0 또는 빠짐)"
            warnings.append(f"{assignment}/{student}: 채점 실패 — {state.entry.reason}. {held}")
        elif state.outcome is Outcome.UNGRADED:
            warnings.append(f"{assignment}/{student}: 제출했지만 아직 채점하지 않았습니다 (grade {assignment})")
    return warnings


# ---------------------------------------------------------------- one assignment's cells
@dataclass
class Cell:
    """What one student gets for one assignment in the LMS file: a score, or None for a blank."""

    value: float | None
    outcome: Outcome = Outcome.GRADED  # GRADED; MISSING (→ 0); FAILED, UNGRADED or CHANGED (→ blank)
    detail: str = ""  # the failure's reason, or the late penalty's sum
    late: bool = False  # the score is after a late penalty
    comment: str = ""  # Korean, for the comment column: 빈 제출, how late and what it cost, why blank
    exercises: dict[str, float] = field(default_factory=dict)  # exercise (function) → its points, when graded
    problem: str = ""  # why the submission could not be read now (a blank the command itself failed to fill)
    # exercise → the verdicts of its failed test cells, when the status file records the grade the gradebook holds
    failed: dict[str, tuple[Verdict, ...]] = field(default_factory=dict)

    def exercise_points(self, exercise: str) -> float | None:
        """The points of one exercise: 0 with nothing handed in, like the total; None (a blank) when not graded."""
        return self.exercises.get(exercise, 0.0 if self.outcome is Outcome.MISSING else None)

    def diagnosis(self, exercise: str) -> str:
        """The diagnosis code of one exercise's failed test cell in the last grading; "" when it passed or was not
        graded."""
        return "; ".join(verdict.code for verdict in self.failed.get(exercise, ()))


def assignment_cells(context: CourseContext, gradebook, assignment: str) -> dict[str, Cell]:
    """student → Cell for everyone who submitted, was graded or failed; the rest of a roster gets 0."""
    merged = {s.student_id: s for s in gradebook.find_assignment(assignment).submissions}
    by_exercise = exercises(context, assignment) if context.source_notebook(assignment).is_file() else {}
    cells: dict[str, Cell] = {}
    for student, state in submission_states(context, assignment, gradebook).items():
        if state.outcome is Outcome.GRADED:
            raw, penalty = float(merged[student].score or 0), float(merged[student].late_submission_penalty or 0)
            cells[student] = (Cell(max(0.0, raw - penalty), detail=f"{_number(raw)} − {_number(penalty)}", late=True)
                              if penalty else Cell(raw))
            cells[student].failed = _failed_verdicts(state, by_exercise)
        elif state.outcome is Outcome.MISSING:
            cells[student] = Cell(0.0, Outcome.MISSING)
        else:
            cells[student] = Cell(None, state.outcome, state.entry.reason if state.entry else "",
                                  problem=state.problem)
    _annotate(context, gradebook, assignment, cells, by_exercise)
    return cells


def _failed_verdicts(state: SubmissionState, by_exercise: dict[str, str]) -> dict[str, tuple[Verdict, ...]]:
    """exercise → the verdicts of its failed test cells, as the grading worker recorded them; none when the status
    file does not record the grade the gradebook holds (those verdicts would be of another grade)."""
    failed: dict[str, tuple[Verdict, ...]] = {}
    for cell in state.entry.cells if state.recorded else ():
        if not cell.passed:
            exercise = by_exercise.get(cell.grade_id, cell.grade_id)
            failed[exercise] = (*failed.get(exercise, ()), cell.verdict)
    return failed


MISSING_COMMENT = "제출 없음"


def not_submitted() -> Cell:
    """The cell of a student with nothing handed in: 0."""
    return Cell(0.0, Outcome.MISSING, comment=MISSING_COMMENT)


def _annotate(context: CourseContext, gradebook, assignment: str, cells: dict[str, Cell],
              by_exercise: dict[str, str]) -> None:
    """Each cell's comment (빈 제출, lateness, why blank) and its points per exercise (`by_exercise`: grade_id →
    exercise)."""
    _, notes = student_notes(context, gradebook, assignment, list(cells))
    graded = book.scores(gradebook, assignment)
    for student, cell in cells.items():
        parts = [notes[student]] if student in notes else []
        if cell.outcome is Outcome.MISSING:
            parts.append(MISSING_COMMENT)
        elif cell.value is None:
            parts.append(BLANK[cell.outcome] + (f" — {cell.detail}" if cell.detail else ""))
        cell.comment = "; ".join(parts)
        if cell.value is not None and student in graded:
            for grade, (score, _) in graded[student].items():
                exercise = by_exercise.get(grade, grade)
                cell.exercises[exercise] = cell.exercises.get(exercise, 0.0) + score


def exercise_maxima_of(context: CourseContext, gradebook, assignment: str) -> dict[str, float]:
    """exercise → its points possible, in the source notebook's order."""
    by_exercise = exercises(context, assignment)
    notebook = gradebook.find_notebook(assignment, assignment)
    cells = {cell.name: float(cell.max_score or 0) for cell in notebook.grade_cells}
    maxima: dict[str, float] = {}
    for grade, exercise in by_exercise.items():
        maxima[exercise] = maxima.get(exercise, 0.0) + cells.get(grade, 0.0)
    return maxima


def _exercise_headers(context: CourseContext, chosen: list[str], headers: dict[str, str]) -> dict[tuple[str, str], str]:
    """(assignment, exercise) → its column header '<assignment column>: <function>', in notebook order."""
    return {(name, exercise): f"{headers[name]}: {exercise}" for name in chosen
            for exercise in dict.fromkeys(exercises(context, name).values())}


def _number(value: float | None) -> str:
    """8, 8.5, 0.33: two decimals at most, no trailing zeros; "" for a blank."""
    if value is None:
        return ""
    return f"{round(value, 2):.2f}".rstrip("0").rstrip(".") or "0"


# ---------------------------------------------------------------- the LMS file
@dataclass
class LmsExport:
    """What an LMS export wrote and what the instructor has to know about it."""

    path: Path
    lms: str
    columns: dict[str, str]  # assignment → its column header in the file
    max_scores: dict[str, float]
    key: str  # the identifier column Moodle maps from; "" for Canvas
    written: list[str] = field(default_factory=list)  # student ids, in file order
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (student, assignment) → cell written
    no_key: list[RosterStudent] = field(default_factory=list)
    blank_rows: list[str] = field(default_factory=list)
    not_on_roster: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # student id → label for the closing lines
    exercise_columns: dict[tuple[str, str], str] = field(default_factory=dict)  # (assignment, function) → header
    exercise_maxima: dict[tuple[str, str], float] = field(default_factory=dict)

    @property
    def failures(self) -> list[StudentFailure]:
        """The students whose submission could not be read now: their cells are blank, and the command says so."""
        return [StudentFailure(f"{assignment}/{student}", cell.problem)
                for (student, assignment), cell in self.cells.items() if cell.problem]

    @property
    def comments(self) -> bool:
        """Moodle's import can map a text column to an item's feedback; Canvas would take it for an assignment."""
        return self.lms == "moodle"


def _chosen(gradebook, assignments: list[str] | None, columns: dict[str, str]) -> list[str]:
    """The assignments to export, each checked against the gradebook (CourseError names the missing)."""
    known = [a.name for a in gradebook.assignments]
    if not known:
        raise CourseError("성적부에 과제가 없습니다: 먼저 grade로 채점하세요. 아무것도 쓰지 않았습니다")
    chosen = list(assignments or known)
    for asked, where in ((chosen, "--assignment"), (list(columns), "--column")):
        missing = [name for name in asked if name not in known]
        if missing:
            raise CourseError(f"{where}의 과제 {attach(', '.join(missing), Particle.SUBJECT)} 성적부에 없습니다 "
                              f"(성적부의 과제: {', '.join(known)}). 빈 열이 LMS에 들어가지 않도록 "
                              "아무것도 쓰지 않았습니다")
    outside = [name for name in columns if name not in chosen]
    if outside:
        raise CourseError(f"--column의 과제 {attach(', '.join(outside), Particle.TOPIC)} 내보내는 과제가 아닙니다 "
                          f"(--assignment {' '.join(chosen)}). 아무것도 쓰지 않았습니다")
    return chosen


def _headers(lms: str, chosen: list[str], columns: dict[str, str]) -> dict[str, str]:
    """assignment → column header; two alike, a blank one, or one Canvas would not read as an assignment fail."""
    headers = {name: (columns.get(name) or name).strip() for name in chosen}
    seen: dict[str, str] = {}
    for name, header in headers.items():
        if not header:
            raise CourseError(f"--column {name}= 의 열 이름이 비어 있습니다. 아무것도 쓰지 않았습니다")
        if header in seen:
            raise CourseError(f"과제 {seen[header]}, {attach(name, Particle.SUBJECT)} 같은 열 이름 "
                              f"{attach(repr(header), Particle.OBJECT)} 씁니다. "
                              "아무것도 쓰지 않았습니다")
        if lms == "canvas" and CANVAS_NOT_ASSIGNMENTS.search(header):
            raise CourseError(f"열 이름 {attach(repr(header), Particle.TOPIC)} Canvas가 과제 열로 읽지 않습니다 "
                              "(학생 열이나 합계 열 이름). "
                              "--column으로 다른 이름을 주세요. 아무것도 쓰지 않았습니다")
        seen[header] = name
    return headers


def _moodle_key(roster: Roster, match: str | None) -> str:
    """The roster column Moodle identifies students by: `match`, else the first one the roster has."""
    if match is None:
        match = next((key for key in MOODLE_KEYS if key in roster.columns), None)
    if match not in MOODLE_KEYS or match not in roster.columns:
        have = ", ".join(sorted(roster.columns)) or "학번뿐"
        asked = "" if match is None else f" {match}"
        raise CourseError(f"명단 {roster.path.name}에 Moodle이 학생을 찾을 열(ID number, email, username){asked}이 "
                          f"없습니다 (명단의 열: {have}). 아무것도 쓰지 않았습니다")
    return match


def _key_fields(lms: str, roster: Roster, match: str | None) -> list[str]:
    if lms == "moodle":
        return [_moodle_key(roster, match)]
    if match is not None:
        raise CourseError("--match는 --format moodle에서만 씁니다 "
                          "(Canvas는 ID, SIS User ID, SIS Login ID로 찾습니다)")
    fields = [key for key in CANVAS_KEYS if key in roster.columns]
    if not fields:
        raise CourseError(f"명단 {roster.path.name}에 Canvas가 학생을 찾을 열(canvas_id, SIS User ID, "
                          "SIS Login ID)이 없습니다. 아무것도 쓰지 않았습니다")
    return fields


def _check_unique(roster: Roster, fields: list[str]) -> None:
    """Two students with one LMS identifier would get each other's grades: refuse the whole file."""
    for key in fields:
        owners: dict[str, RosterStudent] = {}
        for student in roster.students.values():
            value = student.lms.get(key, "")
            if value and value in owners:
                first = owners[value]
                raise CourseError(f"명단 {roster.path.name}: {KEY_LABELS[key]} "
                                  f"{attach(repr(value), Particle.OBJECT)} 두 학생이 씁니다 — "
                                  f"{first.label()} ({first.line}행), {student.label()} ({student.line}행). "
                                  "LMS의 한 학생에게 두 학생의 점수가 들어가지 않도록 아무것도 쓰지 않았습니다")
            if value:
                owners[value] = student


def _text(value: str) -> str:
    """A name as Canvas's own export writes it: one starting with = is quoted so Excel runs no formula."""
    return f'="{value}"' if value.lstrip().startswith("=") else value


def _row(lms: str, student: RosterStudent, fields: list[str], values: list[str]) -> list[str]:
    if lms == "moodle":
        return [student.lms[fields[0]], _text(student.name or student.student_id), *values]
    ids = [student.lms.get(key, "") for key in CANVAS_KEYS]
    return [_text(student.name or student.student_id), *ids, student.lms.get("section", ""), *values]


def _header_rows(lms: str, export: LmsExport) -> list[list[str]]:
    headers = [*export.columns.values(), *export.exercise_columns.values()]
    if lms == "moodle":
        return [[MOODLE_KEYS[export.key], "이름", *headers, *(f"{h} 피드백" for h in export.columns.values())]]
    points = ["    Points Possible", "", "", "", "", *(_number(export.max_scores[a]) for a in export.columns),
              *(_number(export.exercise_maxima[key]) for key in export.exercise_columns)]
    return [[*CANVAS_STUDENT_COLUMNS, *headers], points]


def export_lms(context: CourseContext, lms: str, roster_path: Path, to: Path | None = None,
               assignments: list[str] | None = None, columns: dict[str, str] | None = None,
               match: str | None = None, per_exercise: bool = False) -> LmsExport:
    """Write the Moodle or Canvas import file; everything is checked before a byte is written."""
    columns = dict(columns or {})
    roster = read_roster(roster_path)
    fields = _key_fields(lms, roster, match)
    _check_unique(roster, fields)
    if not context.gradebook_exists():
        raise CourseError(f"성적부가 없습니다 ({context.db_url}): 먼저 grade로 채점하세요")
    with context.gradebook() as gradebook:
        chosen = _chosen(gradebook, assignments, columns)
        graded = {name: assignment_cells(context, gradebook, name) for name in chosen}
        maxima = {name: float(gradebook.find_assignment(name).max_score or 0) for name in chosen}
        exercise_maxima = {(name, exercise): points for name in chosen if per_exercise
                           for exercise, points in exercise_maxima_of(context, gradebook, name).items()}
    path = Path(to) if to else context.root / f"grades_{lms}.csv"
    export = LmsExport(path, lms, _headers(lms, chosen, columns), maxima, fields[0] if lms == "moodle" else "")
    if per_exercise:
        export.exercise_columns = _exercise_headers(context, chosen, export.columns)
        export.exercise_maxima = exercise_maxima
        _check_exercise_headers(lms, export)
    rows = _header_rows(lms, export) + _student_rows(export, roster, fields, graded)
    _write(path, rows)
    return export


def _student_rows(export: LmsExport, roster: Roster, fields: list[str], graded: dict) -> list[list[str]]:
    """One row per roster student with an identifier and at least one number; the rest are noted."""
    rows = []
    for student in roster.students.values():
        export.names[student.student_id] = student.label()
        if not any(student.lms.get(key) for key in fields):
            export.no_key.append(student)
            continue
        cells = {name: graded[name].get(student.student_id) or not_submitted() for name in export.columns}
        export.cells.update({(student.student_id, name): cell for name, cell in cells.items()})
        if all(cell.value is None for cell in cells.values()):
            export.blank_rows.append(student.student_id)
            continue
        exercise_values = [_number(cells[name].exercise_points(exercise)) for name, exercise in export.exercise_columns]
        comments = [cell.comment for cell in cells.values()] if export.comments else []
        rows.append(_row(export.lms, student, fields, [_number(cell.value) for cell in cells.values()]
                         + exercise_values + comments))
        export.written.append(student.student_id)
    export.not_on_roster = sorted({s for cells in graded.values() for s in cells} - roster.ids)
    return rows


def _check_exercise_headers(lms: str, export: LmsExport) -> None:
    """An exercise column must not repeat an assignment's header, nor be one Canvas reads as no assignment."""
    taken = set(export.columns.values())
    for header in export.exercise_columns.values():
        if header in taken:
            raise CourseError(f"문제 열 {attach(repr(header), Particle.SUBJECT)} 과제 열 이름과 같습니다: "
                              "--column으로 과제 열 이름을 "
                              "바꾸세요. 아무것도 쓰지 않았습니다")
        if lms == "canvas" and CANVAS_NOT_ASSIGNMENTS.search(header):
            raise CourseError(f"문제 열 {attach(repr(header), Particle.TOPIC)} Canvas가 과제 열로 읽지 않습니다. "
                              "아무것도 쓰지 않았습니다")
        taken.add(header)


def _write(path: Path, rows: list[list[str]], bom: bool = True) -> None:
    """UTF-8 (with a BOM for the LMS files), RFC 4180 quoting, CRLF; written beside the target and moved in whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(temporary, "w", encoding="utf-8-sig" if bom else "utf-8", newline="") as handle:
        csv.writer(handle, quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n").writerows(
            [visible(cell) for cell in row] for row in rows)
    os.replace(temporary, path)


# ---------------------------------------------------------------- closing lines
UPLOAD = {
    "moodle": ("Moodle에 올리기: 성적 → 가져오기 → CSV 파일, 인코딩 UTF-8, 구분자 쉼표. 미리보기에서 "
               "Map from = '{key}', Map to = '{key}'처럼 두고, 과제 열마다 성적 항목을 고른 뒤 Upload grades"),
    "canvas": ("Canvas에 올리기: 성적(Grades) → 가져오기(Import) → 이 파일 선택 → 바뀌는 점수를 확인하고 "
               "Upload (ID가 없는 학생은 SIS User ID, 그다음 SIS Login ID로 찾습니다)"),
}
BLANK = {Outcome.FAILED: "채점 실패", Outcome.UNGRADED: "아직 채점하지 않음",
         Outcome.CHANGED: "채점 뒤에 제출이나 원본, 채점 코드가 바뀜 (다시 grade)"}


def _group(title: str, entries: list[str]) -> list[str]:
    return [f"{title} {len(entries)}건:", *(f"  {entry}" for entry in entries)] if entries else []


def closing_lines(export: LmsExport) -> list[str]:
    """What the instructor reads after an LMS export: what went in, what is 0, blank or left out, how to upload."""
    lines = [f"{LMS_NAMES[export.lms]} 가져오기 파일을 썼습니다: {export.path} "
             f"(학생 {len(export.written)}명, 과제 {len(export.columns)}개, UTF-8 BOM 포함)"]
    for name, header in export.columns.items():
        lines.append(f"  과제 {name} → 열 {header!r} (만점 {_number(export.max_scores[name])})")
        if export.lms == "canvas" and not re.search(r"\(\d+\)$", header):
            lines.append(f"    열 이름에 Canvas 과제 ID가 없습니다: 같은 제목의 과제가 없으면 Canvas가 새 과제를 "
                         f"만듭니다 (기존 과제에 넣으려면 --column {name}='과제 제목 (과제 ID)')")
    for (name, exercise), header in export.exercise_columns.items():
        points = _number(export.exercise_maxima[(name, exercise)])
        lines.append(f"  문제 {name}/{exercise} → 열 {header!r} (만점 {points}, 지각 감점 전 점수)")
    if export.comments:
        lines.append("  과제마다 '<열> 피드백' 열: 빈 제출, 지각과 감점, 빈칸의 이유 (Moodle 미리보기에서 그 과제의 "
                     "'피드백'에 연결하거나 '무시')")
    lines.append("점수 = 채점 점수 − 지각 감점 (0 밑으로는 0). 제출하지 않은 학생은 0, 채점하지 못한 제출은 빈칸이고, "
                 "모든 칸이 빈칸인 학생은 행을 넣지 않아 LMS의 점수가 그대로 남습니다.")
    cells = sorted(export.cells.items())
    if any(c.value is None and s not in export.blank_rows for (s, _), c in cells):
        lines.append("주의: 아래 빈칸 중 행에 들어간 칸은 LMS가 '점수 없음'으로 읽어 그 칸의 점수를 지웁니다. "
                     "과제를 하나씩 내보내면 (--assignment 과제) 그런 칸이 생기지 않습니다.")
    label = export.names.get
    lines += _group("지각 감점", [f"{label(s)} {a}: {c.detail} = {_number(c.value)}"
                                for (s, a), c in cells if c.late])
    lines += _group("0점 (제출 안 함)", [f"{label(s)} {a}" for (s, a), c in cells if c.outcome is Outcome.MISSING])
    lines += _group("빈칸", [f"{label(s)} {a}: {BLANK[c.outcome]}" + (f" — {c.detail}" if c.detail else "")
                           + (" (이 학생은 행을 넣지 않음)" if s in export.blank_rows else "")
                           for (s, a), c in cells if c.value is None])
    lines += _group("뺀 학생 — 명단에 LMS 식별자가 없음", [student.label() for student in export.no_key])
    lines += _group("뺀 학생 — 명단에 없음 (성적부나 submitted/ 에만 있음)", export.not_on_roster)
    lines.append(UPLOAD[export.lms].format(key=MOODLE_KEYS.get(export.key, "")))
    return lines
