"""`collect ASSIGNMENT SOURCE`: put an LMS export where nbgrader expects submissions.

An LMS (Moodle, Canvas, Google Classroom, a shared drive) hands the instructor a folder or a
zip with one notebook per student and the student id somewhere in the file or folder name:
``2023123456_홍길동_ch01.ipynb``, ``hong_2023123456/ch01_handmade_qkv.ipynb``, … Each one is
written to ``submitted/<id>/<assignment>/<assignment>.ipynb`` with a ``timestamp.txt`` (the
file's time, which nbgrader uses for late penalties), exactly the layout nbgrader's own
``collect`` produces from its exchange — which keeps working as usual.

The student id is found by, in order: ``--pattern`` (a regex with a ``student_id`` group); the
roster (``--roster`` file, else the students already in the gradebook): a known id standing as
a whole token in the path; otherwise a single run of five or more digits. Anything that
cannot be placed is reported with the reason, never guessed.
"""

from __future__ import annotations

import datetime
import hashlib
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from autograder.context import CourseContext

DEFAULT_PATTERN = r"(?<![0-9A-Za-z])(?P<student_id>[0-9]{5,})(?![0-9A-Za-z])"
JUNK = ("__MACOSX", ".ipynb_checkpoints", ".DS_Store", "Thumbs.db")
SAFE_ID = re.compile(r"^[0-9A-Za-z][0-9A-Za-z_.\-]*$")


@dataclass
class Item:
    """One file of the LMS export, read only when it is placed."""

    name: str  # path inside the folder or zip
    modified: datetime.datetime  # UTC
    read: object  # () -> bytes


@dataclass
class CollectReport:
    """What collect did with every file: placed, unchanged, not placed (and why), warnings."""

    assignment: str
    placed: list[tuple[str, str, str]] = field(default_factory=list)  # (student, file, "new"/"updated")
    unchanged: list[tuple[str, str]] = field(default_factory=list)
    unplaced: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    warnings: list[str] = field(default_factory=list)


def _items(source: Path) -> list[Item]:
    source = Path(source)
    if source.is_file() and zipfile.is_zipfile(source):
        archive = zipfile.ZipFile(source)
        items = []
        for info in archive.infolist():
            if info.is_dir():
                continue
            stamp = datetime.datetime(*info.date_time, tzinfo=datetime.UTC)
            items.append(Item(info.filename, stamp, lambda info=info: archive.read(info)))
        return items
    if source.is_dir():
        return [Item(str(p.relative_to(source).as_posix()),
                     datetime.datetime.fromtimestamp(p.stat().st_mtime, tz=datetime.UTC),
                     lambda p=p: p.read_bytes())
                for p in sorted(source.rglob("*")) if p.is_file()]
    raise FileNotFoundError(f"폴더나 zip 파일이 아닙니다: {source}")


def _roster(context: CourseContext, roster: Path | None) -> set[str]:
    if roster is not None:
        ids = set()
        for line in Path(roster).read_text(encoding="utf-8-sig").splitlines():
            first = line.split(",")[0].strip().strip('"')
            if first and first.lower() not in {"student_id", "id", "학번"}:
                ids.add(first)
        return ids
    if not context.gradebook_exists():
        return set()
    with context.gradebook() as gradebook:
        return {student.id for student in gradebook.students}


def find_student(name: str, pattern: str | None, roster: set[str]) -> tuple[str | None, str]:
    """(student id, "") or (None, Korean reason) for one path of the export."""
    if pattern:
        found = {m.group("student_id") for m in re.finditer(pattern, name)}
    elif roster:
        tokens = set(re.split(r"[^0-9A-Za-z_.\-]+", name)) | set(re.split(r"[^0-9A-Za-z]+", name))
        found = {student for student in roster if student in tokens}
        if not found:
            return None, "명단에 있는 학번이 이름에 없습니다"
    else:
        found = {m.group("student_id") for m in re.finditer(DEFAULT_PATTERN, name)}
    if not found:
        return None, "이름에서 학번을 찾지 못했습니다"
    if len(found) > 1:
        return None, f"학번 후보가 여럿입니다: {', '.join(sorted(found))}"
    student = found.pop()
    if not SAFE_ID.match(student):
        return None, f"학번 {student!r}에 쓸 수 없는 글자가 있습니다"
    return student, ""


def collect(context: CourseContext, assignment: str, source: Path, *, pattern: str | None = None,
            roster: Path | None = None, dry_run: bool = False) -> CollectReport:
    """Place every notebook of `source` (folder or zip); report what could not be placed."""
    if pattern is not None and "(?P<student_id>" not in pattern:
        raise ValueError("--pattern 에는 (?P<student_id>…) 그룹이 있어야 합니다")
    report = CollectReport(assignment)
    for student, item in sorted(_choose(_items(source), pattern, _roster(context, roster), report).items()):
        _place(context, assignment, student, item, report, dry_run)
    return report


def _choose(items: list[Item], pattern: str | None, known: set[str], report: CollectReport) -> dict[str, Item]:
    """student → the notebook to place (the newest when there are several); the rest go to `report`."""
    chosen: dict[str, Item] = {}
    for item in items:
        parts = PurePosixPath(item.name).parts
        if any(part in JUNK or part.startswith("._") for part in parts):
            continue
        if not item.name.lower().endswith(".ipynb"):
            report.unplaced.append((item.name, "노트북(.ipynb)이 아닙니다"))
            continue
        student, reason = find_student(item.name, pattern, known)
        if student is None:
            report.unplaced.append((item.name, reason))
            continue
        if student in chosen:
            older, newer = sorted([chosen[student], item], key=lambda i: i.modified)
            reason = f"{student} 의 노트북이 둘 이상입니다: 더 최근 것 {newer.name} 을(를) 씁니다"
            report.unplaced.append((older.name, reason))
            chosen[student] = newer
        else:
            chosen[student] = item
    return chosen


def _place(context: CourseContext, assignment: str, student: str, item: Item, report: CollectReport,
           dry_run: bool) -> None:
    """Write one student's notebook (and its timestamp) under submitted/, unless it is unchanged."""
    content = item.read()
    folder = context.submission_dir(student, assignment)
    target = folder / f"{assignment}.ipynb"
    if content[:1] != b"{" and content.lstrip()[:1] != b"{":
        report.warnings.append(f"{student}: {item.name} 은(는) JSON 노트북처럼 보이지 않습니다 "
                               "(grade 가 실패로 알립니다)")
    if target.is_file() and hashlib.sha256(target.read_bytes()).digest() == hashlib.sha256(content).digest():
        report.unchanged.append((student, item.name))
        return
    status = "updated" if target.is_file() else "new"
    if not dry_run:
        folder.mkdir(parents=True, exist_ok=True)
        for other in folder.glob("*.ipynb"):
            if other != target:
                other.unlink()
        stamp = item.modified.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC").encode()
        for path, data in ((target, content), (folder / "timestamp.txt", stamp)):
            _write_read_only(path, data)
    report.placed.append((student, item.name, status))


def _write_read_only(path: Path, data: bytes) -> None:
    """Store a submission file read-only (r--r--r--): it is evidence, grading only ever copies it."""
    if path.exists():
        path.chmod(0o644)
    path.write_bytes(data)
    path.chmod(0o444)


def summary_text(report: CollectReport) -> str:
    """The Korean table collect prints."""
    new = sum(status == "new" for _, _, status in report.placed)
    lines = [f"과제 {report.assignment}: 새로 {new}건, 갱신 {len(report.placed) - new}건, "
             f"변경 없음 {len(report.unchanged)}건, 놓지 못함 {len(report.unplaced)}건"]
    for student, name, status in report.placed:
        lines.append(f"  {'새로' if status == 'new' else '갱신'}  {student}  ←  {name}")
    if report.unplaced:
        lines.append("놓지 못한 파일 (직접 확인하세요):")
        lines += [f"  {name}: {reason}" for name, reason in report.unplaced]
    lines += [f"주의: {warning}" for warning in report.warnings]
    return "\n".join(lines)
