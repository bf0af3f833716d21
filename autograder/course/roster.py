"""The instructor's roster file: the class, one student a line, with the identifiers each LMS uses.

One id a line, or a CSV whose header names its columns (:data:`ROSTER_COLUMNS`, Korean or the LMS's
spelling). `collect` matches submissions by it, `export` writes each LMS's identifiers from it, and
the class server makes one account per student in it.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from autograder.course.context import CourseError

ROSTER_COLUMNS = {  # roster column → how its header may be spelled (compared lower-case, "_" as a space)
    "student_id": ("학번", "student id"),
    "name": ("이름", "성명", "name", "full name", "student"),
    "idnumber": ("id number", "idnumber"),
    "email": ("email", "email address", "e-mail", "이메일"),
    "username": ("username", "사용자명", "사용자 이름"),
    "canvas_id": ("canvas id", "canvas user id"),
    "sis_user_id": ("sis user id",),
    "sis_login_id": ("sis login id",),
    "section": ("section", "분반"),
}
_HEADER = {spelling: column for column, spellings in ROSTER_COLUMNS.items() for spelling in spellings}


@dataclass
class RosterStudent:
    """One line of the roster: the course's student id, the name, and the LMS's identifiers."""

    student_id: str
    name: str = ""
    lms: dict[str, str] = field(default_factory=dict)  # idnumber, email, username, canvas_id, sis_…, section
    line: int = 0

    def label(self) -> str:
        """'김학생1 (2023100001)', or the id alone when the roster has no name."""
        return f"{self.name} ({self.student_id})" if self.name else self.student_id


@dataclass
class Roster:
    """The class as the instructor's roster file lists it, in the file's order."""

    path: Path | None = None
    students: dict[str, RosterStudent] = field(default_factory=dict)
    columns: set[str] = field(default_factory=set)

    @property
    def ids(self) -> set[str]:
        return set(self.students)

    def aliases(self) -> dict[str, str]:
        """Canvas user id → student id: Canvas's submission download names files by the Canvas id."""
        return {s.lms["canvas_id"]: s.student_id for s in self.students.values() if s.lms.get("canvas_id")}

    def names(self) -> dict[str, set[str]]:
        """name → the student ids that carry it (more than one when two students share a name)."""
        found: dict[str, set[str]] = {}
        for student in self.students.values():
            if student.name:
                found.setdefault(student.name, set()).add(student.student_id)
        return found


def _roster_text(path: Path) -> str:
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp949")  # what Korean Excel's "CSV (쉼표로 분리)" saves


def _header(row: list[str]) -> dict[str, int] | None:
    """column → index when `row` is a header (one id alone may be spelled "id"); None for data."""
    keys = [re.sub(r"[\s_]+", " ", cell.strip().lower()) for cell in row]
    if keys == ["id"]:
        return {"student_id": 0}
    columns = {}
    for index, key in enumerate(keys):
        if key in _HEADER and _HEADER[key] not in columns:
            columns[_HEADER[key]] = index
    if not columns:
        return None
    if "student_id" not in columns and 0 in columns.values():
        raise CourseError("명단의 머리줄에 학번 열('학번' 또는 'student_id')이 없고 첫 열도 다른 열입니다: "
                          f"{', '.join(row)}")
    columns.setdefault("student_id", 0)
    return columns


def read_roster(path: Path) -> Roster:
    """The roster file: one id a line, or a CSV whose header names its columns (ROSTER_COLUMNS)."""
    rows = [row for row in csv.reader(io.StringIO(_roster_text(path))) if any(cell.strip() for cell in row)]
    columns = _header(rows[0]) if rows else None
    roster = Roster(Path(path), columns=set(columns or {"student_id"}) - {"student_id", "name"})
    first = 2 if columns else 1
    for number, row in enumerate(rows[1:] if columns else rows, start=first):
        cells = {key: row[index].strip() for key, index in (columns or {"student_id": 0}).items() if index < len(row)}
        student = cells.pop("student_id", "")
        if not student:
            continue
        if student in roster.students:
            raise CourseError(f"명단 {Path(path).name}: 학번 {student} 이(가) 두 번 나옵니다 "
                              f"({roster.students[student].line}행, {number}행)")
        name = cells.pop("name", "")
        roster.students[student] = RosterStudent(student, name, {k: v for k, v in cells.items() if v}, number)
    return roster
