"""`collect ASSIGNMENT SOURCE`: put an LMS export where nbgrader expects submissions.

An LMS (Moodle, Canvas, Google Classroom, a shared drive) hands the instructor a folder or a
zip with one notebook per student and the student id somewhere in the file or folder name:
``2023123456_홍길동_ch01.ipynb``, ``hong_2023123456/ch01_handmade_qkv.ipynb``, … Each one is
written to ``submitted/<id>/<assignment>/<assignment>.ipynb`` with a ``timestamp.txt`` (the
file's time, which nbgrader uses for late penalties), exactly the layout nbgrader's own
``collect`` produces from its exchange — which keeps working as usual.

The student id is found by, in order: ``--pattern`` (a regex with a ``student_id`` group); the
roster (``--roster`` file, else the students already in the gradebook): a known id standing as
a whole token in the path (or its Canvas id: Canvas's download names files
``이름_캔버스ID_첨부ID_파일``), else a roster name standing as a whole word (Moodle names each
student's folder ``이름_참가번호_assignsubmission_file_``, the number being Moodle's own);
otherwise a single run of five or more digits. Anything that cannot be placed is reported with
the reason, never guessed.

Member names are decoded the way the archive was made (:func:`decode_name`): Info-ZIP's Unicode
path field, then the zip UTF-8 flag, then the bytes as UTF-8 (Info-ZIP ``zip`` on Linux and
macOS writes them without the flag), then CP949 (Korean Windows' "압축(ZIP) 폴더"), and only
then CP437, with a warning naming the member.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import re
import struct
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from autograder.course.context import CourseContext, CourseError
from autograder.course.placing import open_folder, write_file
from autograder.course.roster import Roster, RosterStudent, read_roster
from autograder.course.submission import EMPTY, assignment_cells, is_unfilled, problem
from helpers.korean import Particle, attach

DEFAULT_PATTERN = r"(?<![0-9A-Za-z])(?P<student_id>[0-9]{5,})(?![0-9A-Za-z])"
JUNK = ("__MACOSX", ".ipynb_checkpoints", ".DS_Store", "Thumbs.db")
SAFE_ID = re.compile(r"^[0-9A-Za-z][0-9A-Za-z_.\-]*$")
MOODLE_FOLDER = re.compile(r"_(?P<number>[0-9]+)_assignsubmission_")  # Moodle's 이름_참가번호_assignsubmission_…
UNICODE_PATH = 0x7075  # Info-ZIP Unicode Path Extra Field: version 1, CRC-32 of the stored name, UTF-8 name
UTF8_FLAG = 0x800  # general purpose bit 11: the stored name is UTF-8
EXTENDED_TIME = 0x5455  # Info-ZIP's "UT" field: flags, then the modification time in UTC seconds
GUESSED = {"utf-8": "UTF-8", "cp949": "CP949", "cp437": "CP437(판단 못 함)"}  # names read with no mark saying how


@dataclass
class Item:
    """One file of the LMS export, read only when it is placed."""

    name: str  # path inside the folder or zip, decoded (NFC)
    modified: datetime.datetime  # UTC
    read: object  # () -> bytes
    encoding: str = "ascii"  # how the name was decoded: ascii, unicode-path, flag, utf-8, cp949, cp437
    raw: bytes = b""  # the name's bytes as stored


@dataclass
class CollectReport:
    """What collect did with every file: placed, unchanged, not placed (and why), warnings."""

    assignment: str
    placed: list[tuple[str, str, str]] = field(default_factory=list)  # (student, file, "new"/"updated")
    unchanged: list[tuple[str, str]] = field(default_factory=list)
    unplaced: list[tuple[str, str]] = field(default_factory=list)  # (file, reason)
    warnings: list[str] = field(default_factory=list)
    guessed: dict[str, int] = field(default_factory=dict)  # encoding → names read without a mark saying so
    unfilled: set[str] = field(default_factory=set)  # students whose placed notebook has no answer written


# ---------------------------------------------------------------- member names
def _extra_fields(extra: bytes):
    """(tag, data) of each field of a zip member's extra block; a truncated tail is ignored."""
    position = 0
    while position + 4 <= len(extra):
        tag, size = struct.unpack_from("<HH", extra, position)
        yield tag, extra[position + 4:position + 4 + size]
        position += 4 + size


def _unicode_path(raw: bytes, extra: bytes) -> str | None:
    """The UTF-8 name of Info-ZIP's Unicode path field, when it is there and still describes `raw`."""
    for tag, data in _extra_fields(extra):
        if tag == UNICODE_PATH and len(data) > 5 and data[0] == 1:
            if struct.unpack_from("<I", data, 1)[0] != zlib.crc32(raw):
                continue  # the name was changed after the field was written: the field is stale
            try:
                return data[5:].decode("utf-8")
            except UnicodeDecodeError:
                continue
    return None


def decode_name(raw: bytes, flagged: bool = False, extra: bytes = b"") -> tuple[str, str]:
    """(name, how) for the stored bytes of a member name; `how` says which rule decided it."""
    name, how = _unicode_path(raw, extra), "unicode-path"  # first: it may stand beside a "?" name
    if name is None and flagged:
        name, how = raw.decode("utf-8", errors="replace"), "flag"
    if name is None and raw.isascii():
        name, how = raw.decode("ascii"), "ascii"
    for encoding in ("utf-8", "cp949", "cp437"):  # cp437 decodes any bytes: the "could not decide" case
        if name is None:
            try:
                name, how = raw.decode(encoding), encoding
            except UnicodeDecodeError:
                continue
    return unicodedata.normalize("NFC", name).replace("\\", "/"), how


def _zip_time(info: zipfile.ZipInfo) -> datetime.datetime:
    """The member's time: Info-ZIP's UTC field when there is one; else the DOS time, which has no zone."""
    for tag, data in _extra_fields(info.extra):
        if tag == EXTENDED_TIME and len(data) >= 5 and data[0] & 1:
            return datetime.datetime.fromtimestamp(struct.unpack_from("<i", data, 1)[0], tz=datetime.UTC)
    return datetime.datetime(*info.date_time, tzinfo=datetime.UTC)


def _zip_items(source: Path) -> list[Item]:
    try:
        archive = zipfile.ZipFile(source)
    except UnicodeDecodeError as error:
        raise CourseError(f"zip 파일 {source} 안의 이름 하나가 UTF-8로 표시되어 있지만 UTF-8이 아닙니다: "
                          f"{error}") from None
    items = []
    for info in archive.infolist():
        if info.is_dir():
            continue
        flagged = bool(info.flag_bits & UTF8_FLAG)
        raw = info.orig_filename.encode("utf-8" if flagged else "cp437")  # zipfile's own decoding, undone
        name, how = decode_name(raw, flagged, info.extra)
        items.append(Item(name, _zip_time(info), lambda info=info: archive.read(info), how, raw))
    return items


def _folder_items(source: Path) -> list[Item]:
    items = []
    for path in sorted(source.rglob("*")):
        if path.is_file():
            raw = os.fsencode(path.relative_to(source).as_posix())  # the bytes on disk, as unzip left them
            name, how = decode_name(raw)
            stamp = datetime.datetime.fromtimestamp(path.stat().st_mtime, tz=datetime.UTC)
            items.append(Item(name, stamp, lambda p=path: p.read_bytes(), how, raw))
    return items


def _items(source: Path) -> list[Item]:
    source = Path(source)
    if source.is_file() and zipfile.is_zipfile(source):
        return _zip_items(source)
    if source.is_dir():
        return _folder_items(source)
    raise CourseError(f"폴더나 zip 파일이 아닙니다: {source}")


def _roster(context: CourseContext, roster: Path | None) -> Roster:
    if roster is not None:
        return read_roster(roster)
    known = Roster()
    if context.gradebook_exists():
        with context.gradebook() as gradebook:
            known.students = {s.id: RosterStudent(s.id) for s in gradebook.students}
    return known


# ---------------------------------------------------------------- placing
def _by_name(name: str, names: dict[str, set[str]]) -> set[str]:
    """Students whose roster name stands in `name` as a whole word ("_", spaces and punctuation end one)."""
    found: set[str] = set()
    for person, students in names.items():
        if re.search(rf"(?<![^\W_]){re.escape(person)}(?![^\W_])", name):
            found |= students
    return found


def find_student(name: str, pattern: str | None, roster: set[str], names: dict[str, set[str]] | None = None,
                 aliases: dict[str, str] | None = None) -> tuple[str | None, str]:
    """(student id, "") or (None, Korean reason) for one path of the export; `aliases` maps a roster's
    Canvas ids to its student ids, `names` a roster name to the ids that carry it."""
    if pattern:
        found = {m.group("student_id") for m in re.finditer(pattern, name)}
    elif roster:
        tokens = set(re.split(r"[^0-9A-Za-z_.\-]+", name)) | set(re.split(r"[^0-9A-Za-z]+", name))
        found = {student for student in roster if student in tokens}
        found |= {student for token, student in (aliases or {}).items() if token in tokens}
        found = found or _by_name(name, names or {})
        if not found:
            return None, ("명단에 있는 학번이나 이름이 경로에 없습니다" if names
                          else "명단에 있는 학번이 이름에 없습니다")
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
        raise CourseError("--pattern에는 (?P<student_id>…) 그룹이 있어야 합니다")
    report = CollectReport(assignment)
    items = _items(source)
    _note_names(items, report)
    source_notebook = context.source_notebook(assignment)
    items = _readable(items, assignment_cells(source_notebook) if source_notebook.is_file() else set(), report)
    for student, item in sorted(_choose(items, pattern, _roster(context, roster), report).items()):
        _place(context, assignment, student, item, report, dry_run)
    return report


def _note_names(items: list[Item], report: CollectReport) -> None:
    """Count the names read without a mark saying how; warn about each one no rule could decide."""
    for item in items:
        if item.encoding in GUESSED:
            report.guessed[item.encoding] = report.guessed.get(item.encoding, 0) + 1
        if item.encoding == "cp437":
            report.warnings.append(f"{item.name}: 이름이 UTF-8도 CP949도 아니어서 CP437로 읽었습니다 "
                                   f"(저장된 바이트 {item.raw!r}). 이름이 깨져 보이면 그 파일의 학번을 직접 확인하세요")


def _readable(items: list[Item], expected: set[str], report: CollectReport) -> list[Item]:
    """The notebooks that are this assignment's notebooks; each other .ipynb goes to `report` with the reason."""
    kept = []
    for item in items:
        reason = problem(item.read(), expected) if item.name.lower().endswith(".ipynb") and not _junk(item) else ""
        if reason:
            report.unplaced.append((item.name, f"{reason}. 놓지 않았습니다 (이미 놓인 제출이 있으면 그대로)"))
        else:
            kept.append(item)
    return kept


def _junk(item: Item) -> bool:
    """A file the LMS or the student's computer adds beside the notebooks (macOS resource forks, checkpoints)."""
    return any(part in JUNK or part.startswith("._") for part in PurePosixPath(item.name).parts)


def _choose(items: list[Item], pattern: str | None, roster: Roster, report: CollectReport) -> dict[str, Item]:
    """student → the notebook to place (the newest when there are several); the rest go to `report`."""
    mine: dict[str, list[Item]] = {}
    numbers = 0  # students whose only id was the number Moodle puts in its folder names
    for item in items:
        if _junk(item):
            continue
        if not item.name.lower().endswith(".ipynb"):
            report.unplaced.append((item.name, "노트북(.ipynb)이 아닙니다"))
            continue
        student, reason = find_student(item.name, pattern, roster.ids, roster.names(), roster.aliases())
        if student is None:
            report.unplaced.append((item.name, reason))
        else:
            mine.setdefault(student, []).append(item)
            moodle = MOODLE_FOLDER.search(item.name)
            numbers += bool(not pattern and not roster.ids and moodle and moodle.group("number") == student)
    if numbers:
        report.warnings.append(f"Moodle의 '이름_번호_assignsubmission_' 폴더 {numbers}개에서 그 번호를 학번으로 "
                               "읽었습니다. Moodle은 이 자리에 학번이 아니라 과제마다 붙이는 참가 번호를 넣습니다: "
                               "번호가 학번이 아니면 학번과 이름이 든 명단을 --roster로 주고 다시 모으세요")
    return {student: chosen for student, group in mine.items()
            if (chosen := _newest(student, group, report)) is not None}


def _newest(student: str, group: list[Item], report: CollectReport) -> Item | None:
    """The newest notebook of one student; None (all reported) when two differ and share that time."""
    newest = max(group, key=lambda item: item.modified)
    tied = [item for item in group if item is not newest and item.modified == newest.modified
            and item.read() != newest.read()]
    if tied:
        names = ", ".join(item.name for item in [newest, *tied])
        for item in [newest, *tied]:
            report.unplaced.append((item.name, f"{student}의 노트북이 같은 시각으로 둘 이상입니다 ({names}): "
                                               "어느 것을 채점할지 정할 수 없어 놓지 않았습니다"))
        return None
    for item in group:
        if item is not newest:
            reason = f"{student}의 노트북이 둘 이상입니다: 더 최근 것 {attach(newest.name, Particle.OBJECT)} 씁니다"
            report.unplaced.append((item.name, reason))
    return newest


def _place(context: CourseContext, assignment: str, student: str, item: Item, report: CollectReport,
           dry_run: bool) -> None:
    """Write one student's notebook (and its timestamp) under submitted/, unless it is unchanged."""
    content = item.read()
    folder = context.submission_dir(student, assignment)
    target = folder / f"{assignment}.ipynb"
    if is_unfilled(content):
        report.unfilled.add(student)
    if target.is_file() and hashlib.sha256(target.read_bytes()).digest() == hashlib.sha256(content).digest():
        report.unchanged.append((student, item.name))
        return
    status = "updated" if target.is_file() else "new"
    if not dry_run:
        os.close(open_folder(folder))  # made where missing; as root, LinkOnTheWay for a link on the way
        for other in folder.glob("*.ipynb"):
            if other != target:
                other.unlink()
        stamp = item.modified.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC").encode()
        for path, data in ((target, content), (folder / "timestamp.txt", stamp)):
            _write_read_only(path, data)
    report.placed.append((student, item.name, status))


def _write_read_only(path: Path, data: bytes) -> None:
    """Store a submission file read-only (r--r--r--): it is evidence, grading only ever copies it. Written as a new
    file moved into place through no link (autograder/course/placing.py): submitted/ may be another account's."""
    write_file(path, data, 0o444)


def summary_text(report: CollectReport) -> str:
    """The Korean table collect prints."""
    new = sum(status == "new" for _, _, status in report.placed)
    lines = [f"과제 {report.assignment}: 새로 {new}건, 갱신 {len(report.placed) - new}건, "
             f"변경 없음 {len(report.unchanged)}건, 놓지 못함 {len(report.unplaced)}건"]
    if report.guessed:
        counts = ", ".join(f"{GUESSED[how]} {count}개" for how, count in sorted(report.guessed.items()))
        lines.append(f"인코딩 표시 없이 읽은 이름: {counts}")
    for student, name, status in report.placed:
        empty = f"  ({EMPTY}: 답을 쓴 셀이 없습니다)" if student in report.unfilled else ""
        lines.append(f"  {'새로' if status == 'new' else '갱신'}  {student}  ←  {name}{empty}")
    if report.unplaced:
        lines.append("놓지 못한 파일 (직접 확인하세요):")
        lines += [f"  {name}: {reason}" for name, reason in report.unplaced]
    lines += [f"주의: {warning}" for warning in report.warnings]
    return "\n".join(lines)
