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
from helpers.korean import Particle, attach

ROSTER_COLUMNS = {  # roster column → how its header may be spelled (compared lower-case, "_" as a space)
    "student_id": ("학번", "student id"),
    "name": ("이름", "성명", "name", "full name", "student"),
    "first_name": ("first name", "firstname", "given name"),
    "last_name": ("last name", "lastname", "surname", "family name", "성"),
    "idnumber": ("id number", "idnumber"),
    "email": ("email", "email address", "e-mail", "이메일"),
    "username": ("username", "사용자명", "사용자 이름"),
    "canvas_id": ("canvas id", "canvas user id"),
    "sis_user_id": ("sis user id",),
    "sis_login_id": ("sis login id",),
    "section": ("section", "분반"),
}
NAME_COLUMNS = ("name", "first_name", "last_name")
_HEADER = {spelling: column for column, spellings in ROSTER_COLUMNS.items() for spelling in spellings}


KOREAN_DOUBLE_SURNAMES = ("남궁", "황보", "제갈", "선우", "독고", "동방", "사공", "서문", "어금", "망절")
HANGUL = re.compile(r"[\uac00-\ud7a3]")


def split_name(name: str) -> tuple[str, str]:
    """(first, last) of one name field: a Hangul name is written family name first (홍길동 → 길동, 홍; 남궁민수 →
    민수, 남궁), one with spaces given name first (Jay Lee → Jay, Lee), one with a comma family name first (Lee, Jay);
    a single word is the first name."""
    name = name.strip()
    if "," in name:  # "Lee, Jay" / "이, 학생": the family name, a comma, the given name
        last, _, first = name.partition(",")
        return first.strip(), last.strip()
    if HANGUL.match(name) and " " not in name:
        surname = 2 if name.startswith(KOREAN_DOUBLE_SURNAMES) and len(name) > 3 else 1
        return (name[surname:], name[:surname]) if len(name) > 1 else (name, "")
    first, _, last = name.rpartition(" ")
    return (first, last) if first else (name, "")


def full_name(first: str | None, last: str | None) -> str:
    """The name as it is written: family name first without a space for Hangul, else given name first."""
    first, last = (first or "").strip(), (last or "").strip()
    if HANGUL.match(last or first):
        return f"{last}{first}"
    return " ".join(part for part in (first, last) if part)


@dataclass
class RosterStudent:
    """One line of the roster: the course's student id, the name, and the LMS's identifiers."""

    student_id: str
    name: str = ""
    lms: dict[str, str] = field(default_factory=dict)  # idnumber, email, username, canvas_id, sis_…, section
    line: int = 0
    first_name: str = ""
    last_name: str = ""

    def __post_init__(self) -> None:
        if self.name and not (self.first_name or self.last_name):
            self.first_name, self.last_name = split_name(self.name)
        self.name = self.name or full_name(self.first_name, self.last_name)

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
    if not Path(path).is_file():
        raise CourseError(f"명단 파일이 없습니다: {path}")
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
    roster = Roster(Path(path), columns=set(columns or {"student_id"}) - {"student_id", *NAME_COLUMNS})
    first = 2 if columns else 1
    for number, row in enumerate(rows[1:] if columns else rows, start=first):
        cells = {key: row[index].strip() for key, index in (columns or {"student_id": 0}).items() if index < len(row)}
        student = cells.pop("student_id", "")
        if not student:
            continue
        if student in roster.students:
            raise CourseError(f"명단 {Path(path).name}: 학번 {attach(student, Particle.SUBJECT)} 두 번 나옵니다 "
                              f"({roster.students[student].line}행, {number}행)")
        names = [cells.pop(column, "") for column in NAME_COLUMNS]
        roster.students[student] = RosterStudent(student, names[0], {k: v for k, v in cells.items() if v}, number,
                                                 *names[1:])
    return roster


def record_names(gradebook, roster: Roster) -> int:
    """Give every roster student with a name that name in nbgrader's gradebook (first and last name, what the
    formgrader and nbgrader's CSV show); returns how many. Students without a name are left as they are."""
    named = [student for student in roster.students.values() if student.first_name or student.last_name]
    for student in named:
        gradebook.update_or_create_student(student.student_id, first_name=student.first_name or None,
                                           last_name=student.last_name or None)
    return len(named)


def gradebook_labels(gradebook) -> dict[str, str]:
    """student id → '홍길동 (2023100001)' for every gradebook student with a name."""
    return {student.id: RosterStudent(student.id, first_name=student.first_name or "",
                                      last_name=student.last_name or "").label()
            for student in gradebook.students if student.first_name or student.last_name}
