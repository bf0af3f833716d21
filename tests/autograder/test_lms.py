"""The LMS round trip without a kernel: Korean member names in (collect), grades out (export).

Archives are built the way each tool writes them. Python's zipfile only writes UTF-8 names with
the UTF-8 flag, so the others are written byte by byte here: UTF-8 without the flag (Info-ZIP
``zip`` on Linux and macOS, also used for real when it is installed), CP949 without the flag
(Korean Windows' "압축(ZIP) 폴더"), and Info-ZIP's Unicode path field 0x7075. No LMS is reachable,
so each export is read back by the rules the LMS's own importer applies (Moodle's
``gradeimport_csv_load_data`` and ``csv_import_reader``, Canvas's ``GradebookImporter``; cited
in autograder/README.md): columns, order, quoting, the byte-order mark, how a student is found.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import os
import shutil
import struct
import subprocess
import sys
import unicodedata
import zlib
from pathlib import Path

import pytest

from autograder.collect import collect, decode_name, summary_text
from autograder.course import gradebook as book
from autograder.course.context import CourseContext, CourseError
from autograder.course.roster import read_roster
from autograder.course.state import Outcome, StatusEntry, fingerprint, save_status, source_digest
from autograder.export import assignment_cells, closing_lines, export_lms
from helpers.paths import ROOT

CH01, CH02 = "ch01_handmade_qkv", "ch02_scaling"
CLASS = [(f"김학생{n}", str(2023100000 + n)) for n in range(1, 13)]  # the issue's twelve students


# ---------------------------------------------------------------- archives, byte by byte
def _zip_bytes(members: list[tuple[bytes, bytes, int, bytes]], minute: int = 0) -> bytes:
    """A stored (uncompressed) zip of (name bytes, data, flag bits, extra field) members."""
    local, central = bytearray(), bytearray()
    dos_time, dos_date = (12 << 11) | (minute << 5), ((2026 - 1980) << 9) | (3 << 5) | 2  # 2026-03-02 12:mm
    for name, data, flags, extra in members:
        crc, offset = zlib.crc32(data), len(local)
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, 0, dos_time, dos_date, crc, len(data),
                             len(data), len(name), len(extra)) + name + extra + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, 0, dos_time, dos_date, crc,
                               len(data), len(data), len(name), len(extra), 0, 0, 0, 0, offset) + name + extra
    count = len(members)
    return bytes(local + central + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central),
                                               len(local), 0))


def _unicode_path_field(stored: bytes, name: str) -> bytes:
    """Info-ZIP's 0x7075 field: version 1, CRC-32 of the stored name, the UTF-8 name."""
    utf8 = name.encode("utf-8")
    return struct.pack("<HHBI", 0x7075, 5 + len(utf8), 1, zlib.crc32(stored)) + utf8


def _course(tmp_path: Path) -> Path:
    """A course folder holding ch01's source: what every command checks an assignment's name against."""
    root = tmp_path / "course"
    shutil.copytree(ROOT / "source" / CH01, root / "source" / CH01)
    return root


def _notebook(tag: str) -> bytes:
    """ch01's notebook (its cells are what collect checks a submission by), tagged to be told apart."""
    notebook = json.loads((ROOT / "source" / CH01 / f"{CH01}.ipynb").read_text(encoding="utf-8"))
    notebook["metadata"]["tag"] = tag
    return json.dumps(notebook).encode()


def _moodle_paths(names=CLASS) -> list[str]:
    return [f"{name}_{student}_assignsubmission_file_/{CH01}.ipynb" for name, student in names]


def _archive(kind: str, paths: list[str]) -> bytes:
    """The class's notebooks zipped the way `kind` writes names."""
    members = []
    for path in paths:
        if kind == "utf8-flag":
            members.append((path.encode("utf-8"), _notebook(path), 0x800, b""))
        elif kind == "utf8-no-flag":
            members.append((path.encode("utf-8"), _notebook(path), 0, b""))
        elif kind == "cp949":
            members.append((path.encode("cp949"), _notebook(path), 0, b""))
        elif kind == "unicode-path":  # Info-ZIP on a Korean Windows: CP949 name + the UTF-8 field
            stored = path.encode("cp949")
            members.append((stored, _notebook(path), 0, _unicode_path_field(stored, path)))
    return _zip_bytes(members)


@pytest.mark.parametrize("kind", ["utf8-flag", "utf8-no-flag", "cp949", "unicode-path"])
def test_every_encoding_collects_the_class_under_its_ids_with_its_korean_names(tmp_path, kind):
    source = tmp_path / "export.zip"
    source.write_bytes(_archive(kind, _moodle_paths()))
    report = collect(CourseContext(tmp_path / "course"), CH01, source)
    assert sorted((student, name) for student, name, _ in report.placed) == sorted(
        (student, path) for (_, student), path in zip(CLASS, _moodle_paths()))
    assert not report.unplaced
    assert report.warnings == [  # no roster: the number of a Moodle folder is taken, and said to be a guess
        "Moodle의 '이름_번호_assignsubmission_' 폴더 12개에서 그 번호를 학번으로 읽었습니다. Moodle은 이 자리에 "
        "학번이 아니라 과제마다 붙이는 참가 번호를 넣습니다: 번호가 학번이 아니면 학번과 이름이 든 명단을 --roster로 "
        "주고 다시 모으세요"]
    printed = summary_text(report)
    for (_, student), path in zip(CLASS, _moodle_paths()):
        assert f"  새로  {student}  ←  {path}" in printed
    assert "Ω" not in printed and "�" not in printed
    guessed = {"utf8-no-flag": "UTF-8 12개", "cp949": "CP949 12개"}.get(kind)
    assert (f"인코딩 표시 없이 읽은 이름: {guessed}" in printed) if guessed else "인코딩 표시" not in printed
    placed = tmp_path / "course" / "submitted" / "2023100007" / CH01 / f"{CH01}.ipynb"
    assert json.loads(placed.read_text())["metadata"]["tag"] == _moodle_paths()[6]


@pytest.mark.skipif(shutil.which("zip") is None, reason="Info-ZIP zip is not installed")
def test_an_archive_made_by_the_system_zip_prints_hangul_not_cp437(tmp_path):
    folder = tmp_path / "download"
    for path in _moodle_paths():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(_notebook(path))
    subprocess.run(["zip", "-q", "-r", str(tmp_path / "export.zip"), "."], cwd=folder, check=True,
                   env={**os.environ, "LC_ALL": "C.UTF-8"})
    completed = _course_grader("collect", CH01, str(tmp_path / "export.zip"), "--root", str(_course(tmp_path)))
    assert completed.returncode == 0, completed.stderr
    for (_, student), path in zip(CLASS, _moodle_paths()):
        assert f"  새로  {student}  ←  {path}" in completed.stdout
    assert "Ω" not in completed.stdout


def test_a_windows_zip_of_real_moodle_folders_is_placed_by_roster_name_and_printed_in_hangul(tmp_path):
    """Moodle names a folder 이름_참가번호_…: the number is Moodle's, so the roster's name decides."""
    paths = [f"{name}_{1187300 + n}_assignsubmission_file_/{CH01}.ipynb" for n, (name, _) in enumerate(CLASS[:3])]
    source = tmp_path / "압축.zip"
    source.write_bytes(_archive("cp949", paths))
    roster = _roster_file(tmp_path, ["학번,이름", *(f"{student},{name}" for name, student in CLASS[:3])], "cp949")
    completed = _course_grader("collect", CH01, str(source), "--roster", str(roster), "--root", str(_course(tmp_path)))
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.splitlines() == [
        f"과제 {CH01}: 새로 3건, 갱신 0건, 변경 없음 0건, 놓지 못함 0건",
        "인코딩 표시 없이 읽은 이름: CP949 3개",
        *(f"  새로  {student}  ←  {path}" for (_, student), path in zip(CLASS[:3], paths))]


def test_decoding_follows_the_issues_order_of_rules():
    name = "김학생1_2023100001/과제.ipynb"
    assert decode_name(name.encode("utf-8"), flagged=True) == (name, "flag")
    assert decode_name(name.encode("utf-8")) == (name, "utf-8")
    assert decode_name(name.encode("cp949")) == (name, "cp949")
    placeholder = b"??1_2023100001/??.ipynb"  # what Info-ZIP stores when the local charset lacks the letters
    assert decode_name(placeholder, extra=_unicode_path_field(placeholder, name)) == (name, "unicode-path")
    stale = _unicode_path_field(b"renamed.ipynb", name)  # CRC of another name: the field no longer applies
    assert decode_name(name.encode("cp949"), extra=stale) == (name, "cp949")
    assert decode_name(b"\x80\xff_2023100001.ipynb")[1] == "cp437"
    nfd = unicodedata.normalize("NFD", name)  # macOS Finder stores decomposed Hangul
    assert decode_name(nfd.encode("utf-8"), flagged=True)[0] == name


def test_a_name_no_rule_can_decide_is_placed_by_its_id_with_a_warning_naming_it(tmp_path):
    stored = b"\x80\xff\x80_2023100001.ipynb"  # neither UTF-8 nor CP949
    source = tmp_path / "export.zip"
    source.write_bytes(_zip_bytes([(stored, _notebook("odd"), 0, b"")]))
    report = collect(CourseContext(tmp_path / "course"), CH01, source)
    shown = stored.decode("cp437")
    assert [(student, name) for student, name, _ in report.placed] == [("2023100001", shown)]
    [warning] = report.warnings
    assert warning.startswith(f"{shown}: 이름이 UTF-8도 CP949도 아니어서 CP437로 읽었습니다")
    assert repr(stored) in warning
    assert "인코딩 표시 없이 읽은 이름: CP437(판단 못 함) 1개" in summary_text(report)


def test_a_folder_that_unzip_left_with_cp949_bytes_reports_hangul(tmp_path):
    folder = tmp_path / "download"
    folder.mkdir()
    name = f"김학생3_2023100003_{CH01}.ipynb"
    (folder / os.fsdecode(name.encode("cp949"))).write_bytes(_notebook("3"))
    report = collect(CourseContext(tmp_path / "course"), CH01, folder)
    assert [(student, shown) for student, shown, _ in report.placed] == [("2023100003", name)]
    summary_text(report).encode("utf-8")  # no lone surrogate left to crash the terminal


def _roster_file(tmp_path: Path, lines: list[str], encoding: str = "utf-8-sig") -> Path:
    path = tmp_path / "명단.csv"
    path.write_text("\n".join(lines) + "\n", encoding=encoding)
    return path


def test_moodle_folders_named_by_participant_number_are_matched_by_the_roster_name(tmp_path):
    names = [("김학생1", "2023100001"), ("김학생12", "2023100012"), ("박학생", "2023100020")]
    roster = _roster_file(tmp_path, ["학번,이름", *(f"{student},{name}" for name, student in names)], "cp949")
    paths = [f"{name}_{9_000_000 + i}_assignsubmission_file_/Untitled.ipynb" for i, (name, _) in enumerate(names)]
    source = tmp_path / "export.zip"
    source.write_bytes(_archive("utf8-flag", [unicodedata.normalize("NFD", p) for p in paths]))
    report = collect(CourseContext(tmp_path / "course"), CH01, source, roster=roster)
    assert sorted((s, n) for s, n, _ in report.placed) == sorted((s, p) for (_, s), p in zip(names, paths))
    assert not report.warnings


def test_canvas_downloads_named_by_canvas_id_are_matched_through_the_roster(tmp_path):
    roster = _roster_file(tmp_path, ["학번,이름,canvas_id", "2023100001,김학생1,501", "2023100002,이학생2,502"])
    source = tmp_path / "submissions.zip"
    source.write_bytes(_archive("utf8-flag", [f"kimhaksaeng_501_208490284_{CH01}.ipynb",
                                              f"leehaksaeng_LATE_502_208490301_{CH01}-1.ipynb"]))
    report = collect(CourseContext(tmp_path / "course"), CH01, source, roster=roster)
    assert sorted(student for student, _, _ in report.placed) == ["2023100001", "2023100002"]


def test_two_different_notebooks_of_one_student_at_the_same_time_are_both_refused(tmp_path):
    source = tmp_path / "export.zip"
    source.write_bytes(_zip_bytes([(b"2023100001_a.ipynb", _notebook("a"), 0, b""),
                                   (b"2023100001_b.ipynb", _notebook("b"), 0, b""),
                                   (b"2023100002_c.ipynb", _notebook("c"), 0, b"")]))
    report = collect(CourseContext(tmp_path / "course"), CH01, source)
    assert [student for student, _, _ in report.placed] == ["2023100002"]
    assert sorted(name for name, _ in report.unplaced) == ["2023100001_a.ipynb", "2023100001_b.ipynb"]
    assert all("같은 시각" in reason and "놓지 않았습니다" in reason for _, reason in report.unplaced)
    assert not (tmp_path / "course" / "submitted" / "2023100001").exists()


def test_the_roster_reads_korean_and_lms_headers_and_refuses_a_repeated_id(tmp_path):
    roster = read_roster(_roster_file(tmp_path, ["학번,성명,ID number,Email address,SIS User ID,분반",
                                                 "2023100001,김학생1,M-1,kim1@example.ac.kr,S1,01"], "cp949"))
    [student] = roster.students.values()
    assert (student.student_id, student.name, student.lms) == (
        "2023100001", "김학생1",
        {"idnumber": "M-1", "email": "kim1@example.ac.kr", "sis_user_id": "S1", "section": "01"})
    assert read_roster(_roster_file(tmp_path, ["2023100001", "2023100002"])).ids == {"2023100001", "2023100002"}
    with pytest.raises(CourseError, match="학번 2023100001이 두 번 나옵니다 \\(2행, 3행\\)"):
        read_roster(_roster_file(tmp_path, ["학번,이름", "2023100001,가", "2023100001,나"]))


# ---------------------------------------------------------------- a graded class, without kernels
ROSTER = [  # 학번, 이름, ID number, email, username, canvas_id, SIS User ID, SIS Login ID, 분반
    "학번,이름,ID number,email,username,canvas_id,SIS User ID,SIS Login ID,분반",
    "2023100001,김학생1,M1,kim1@example.ac.kr,kim1,501,S2023100001,kim1,01",
    '2023100002,"이, 학생",M2,lee2@example.ac.kr,lee2,502,S2023100002,lee2,01',
    '2023100003,"Kim ""Jay"" Lee",M3,jay3@example.ac.kr,jay3,503,S2023100003,jay3,02',
    "2023100004,최학생4,M4,choi4@example.ac.kr,choi4,504,S2023100004,choi4,02",
    "2023100005,정학생5,M5,jung5@example.ac.kr,jung5,505,S2023100005,jung5,02",
    "2023100006,강학생6,M6,kang6@example.ac.kr,kang6,506,S2023100006,kang6,01",
    "2023100007,조학생7,,,,,,,01",
    "2023100008,=윤학생8,M8,yoon8@example.ac.kr,yoon8,,S2023100008,,01",
]
SCORES = {"2023100001": (CH01, 10.0, 0.0), "2023100002": (CH01, 8.5, 0.0), "2023100003": (CH01, 8.0, 2.0),
          "2023100008": (CH01, 7.0, 0.0), "s99_guest": (CH01, 4.0, 0.0), "2023100004": (CH02, 3.0, 0.0)}


def _merge(context: CourseContext, assignment: str, student: str, total: float, penalty: float) -> None:
    """Record `student` as graded with `total` points, the way record.py merges a worker's result."""
    folder = context.submission_dir(student, assignment)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{assignment}.ipynb").write_bytes(_notebook(student))
    with context.gradebook() as gradebook:
        cells = [cell.name for cell in gradebook.find_notebook(assignment, assignment).grade_cells]
        share = total / len(cells)
        grades = {name: share for name in cells}
        notebooks = {assignment: {"grades": grades, "comments": {}, "late_submission_penalty": penalty or None}}
        book.ensure_marks_table(gradebook)
        book.merge(gradebook, assignment, student, fingerprint(folder, source_digest(context, assignment)),
                   "2026-03-02 12:00:00 UTC", notebooks)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> CourseContext:
    """ch01 and ch02 in a gradebook: graded, late, failed, not yet graded, changed, absent, a guest."""
    root = tmp_path_factory.mktemp("course")
    for assignment in (CH01, CH02):
        shutil.copytree(ROOT / "source" / assignment, root / "source" / assignment)
    context = CourseContext(root)
    for assignment in (CH01, CH02):
        book.sync_assignment(context, assignment)
    for student, (assignment, total, penalty) in SCORES.items():
        _merge(context, assignment, student, total, penalty)
    for student in ("2023100004", "2023100005"):  # 4 failed, 5 was collected after grading ran
        folder = context.submission_dir(student, CH01)
        folder.mkdir(parents=True)
        (folder / f"{CH01}.ipynb").write_bytes(b"{broken")
    save_status(context, CH01, {"2023100004": StatusEntry(Outcome.FAILED, "노트북 파일이 손상되었습니다")})
    (context.submission_dir("2023100008", CH01) / f"{CH01}.ipynb").write_bytes(_notebook("resubmitted"))
    (root / "명단.csv").write_text("\n".join(ROSTER) + "\n", encoding="utf-8")
    return context


def test_each_cell_is_what_an_instructor_expects(course):
    with course.gradebook() as gradebook:
        cells = {student: (cell.value, cell.outcome, cell.late)
                 for student, cell in assignment_cells(course, gradebook, CH01).items()}
    assert cells == {"2023100001": (10.0, Outcome.GRADED, False), "2023100002": (8.5, Outcome.GRADED, False),
                     "2023100003": (6.0, Outcome.GRADED, True), "2023100004": (None, Outcome.FAILED, False),
                     "2023100005": (None, Outcome.UNGRADED, False), "2023100008": (None, Outcome.CHANGED, False),
                     "s99_guest": (4.0, Outcome.GRADED, False)}


def _moodle_reads(path: Path) -> tuple[list[str], list[list[str]]]:
    """The file as Moodle's CSV grade import reads it: csv_import_reader drops the BOM and refuses a
    repeated header; a row with an empty identifier aborts the whole import; a grade is '' or a number."""
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data
    header, *rows = list(csv.reader(io.StringIO(data[3:].decode("utf-8"))))
    assert len(set(header)) == len(header)
    for row in rows:
        assert len(row) == len(header) and row[0].strip()
        grades = [value for value, name in zip(row[2:], header[2:]) if not name.endswith(" 피드백")]
        assert all(value == "" or float(value) >= 0 for value in grades)
    return header, rows


def test_the_moodle_file_has_moodles_columns_one_row_per_identified_student(course, tmp_path):
    export = export_lms(course, "moodle", course.root / "명단.csv", tmp_path / "moodle.csv", [CH01])
    header, rows = _moodle_reads(export.path)
    assert header == ["ID number", "이름", CH01, f"{CH01} 피드백"]
    assert rows == [["M1", "김학생1", "10", ""], ["M2", "이, 학생", "8.5", ""],
                    ["M3", 'Kim "Jay" Lee', "6", ""], ["M6", "강학생6", "0", "제출 없음"]]
    raw = export.path.read_bytes().decode("utf-8-sig")
    assert 'M2,"이, 학생",8.5,\r\n' in raw and 'M3,"Kim ""Jay"" Lee",6,' in raw  # RFC 4180 quoting
    lines = "\n".join(closing_lines(export))
    assert ("최학생4 (2023100004) ch01_handmade_qkv: 채점 실패 — 노트북 파일이 손상되었습니다 "
            "(이 학생은 행을 넣지 않음)") in lines
    assert "정학생5 (2023100005) ch01_handmade_qkv: 아직 채점하지 않음 (이 학생은 행을 넣지 않음)" in lines
    assert "=윤학생8 (2023100008) ch01_handmade_qkv: 채점 뒤에 제출이나 원본, 채점 코드가 바뀜" in lines
    assert "Kim \"Jay\" Lee (2023100003) ch01_handmade_qkv: 8 − 2 = 6" in lines
    assert "0점 (제출 안 함) 1건:\n  강학생6 (2023100006) ch01_handmade_qkv" in lines
    assert "명단에 LMS 식별자가 없음 1건:\n  조학생7 (2023100007)" in lines
    assert "명단에 없음 (성적부나 submitted/ 에만 있음) 1건:\n  s99_guest" in lines
    assert "Map from = 'ID number', Map to = 'ID number'" in lines
    assert "주의: 아래 빈칸" not in lines  # one assignment: every blank student is left out, nothing is cleared


def test_moodle_can_match_on_email_instead(course, tmp_path):
    export = export_lms(course, "moodle", course.root / "명단.csv", tmp_path / "m.csv", [CH01], match="email")
    header, rows = _moodle_reads(export.path)
    assert header[0] == "Email address" and rows[0][0] == "kim1@example.ac.kr"


def _canvas_reads(path: Path) -> tuple[list[str], list[str], list[list[str]]]:
    """The file by GradebookImporter's rules: Student/ID/SIS User ID/SIS Login ID/Section lead the header,
    a row whose first cell holds "Points Possible" describes the assignments, then the students."""
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    header, points, *rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert "Student" in header[0] and "ID" in header[1] and header[2:5] == ["SIS User ID", "SIS Login ID", "Section"]
    assert "Points Possible" in points[0]
    for row in rows:
        assert len(row) == len(header) and any(row[1:4])  # found by ID, then SIS User ID, then SIS Login ID
    return header, points, rows


def test_the_canvas_file_has_canvas_columns_and_points_possible(course, tmp_path):
    export = export_lms(course, "canvas", course.root / "명단.csv", tmp_path / "canvas.csv", [CH01, CH02],
                        {CH01: "1장 과제 (4321)"})
    header, points, rows = _canvas_reads(export.path)
    assert header == ["\ufeffStudent", "ID", "SIS User ID", "SIS Login ID", "Section", "1장 과제 (4321)", CH02]
    assert points[0] == "    Points Possible" and points[1:5] == ["", "", "", ""] and float(points[5]) > 0
    by_id = {row[2]: row for row in rows}
    assert by_id["S2023100001"] == ["김학생1", "501", "S2023100001", "kim1", "01", "10", "0"]
    assert by_id["S2023100004"][5:] == ["", "3"]  # failed ch01 stays blank beside a graded ch02
    assert by_id["S2023100008"][0] == '="=윤학생8"'  # Canvas's own guard against a formula in a name
    assert by_id["S2023100005"][5:] == ["", "0"]  # not graded yet in ch01, nothing handed in for ch02
    assert "조학생7" not in {row[0] for row in rows}
    lines = "\n".join(closing_lines(export))
    assert f"과제 {CH02} → 열 '{CH02}'" in lines and f"--column {CH02}='과제 제목 (과제 ID)'" in lines
    assert "1장 과제 (4321)' (만점" in lines and "--column ch01_handmade_qkv=" not in lines
    assert "주의: 아래 빈칸 중 행에 들어간 칸은 LMS가 '점수 없음'으로 읽어" in lines  # 4's blank ch01 beside ch02


@pytest.mark.parametrize("lms, lines, message", [
    ("moodle", ROSTER + ["2023100009,복제,M1,dup@example.ac.kr,dup,509,S9,dup9,01"],
     "ID number 'M1'을 두 학생이 씁니다 — 김학생1 \\(2023100001\\) \\(2행\\), "
     "복제 \\(2023100009\\) \\(10행\\)"),
    ("canvas", ROSTER + ["2023100009,복제,M9,dup@example.ac.kr,dup,509,S9,kim1,01"], "SIS Login ID 'kim1'을"),
    ("moodle", ["학번,이름", "2023100001,김학생1"], "Moodle이 학생을 찾을 열"),
    ("canvas", ["학번,이름,ID number", "2023100001,김학생1,M1"], "Canvas가 학생을 찾을 열"),
])
def test_a_roster_that_would_misplace_grades_writes_nothing(course, tmp_path, lms, lines, message):
    target = tmp_path / "lms.csv"
    target.write_text("이전 파일", encoding="utf-8")
    with pytest.raises(CourseError, match=message):
        export_lms(course, lms, _roster_file(tmp_path, lines), target, [CH01])
    assert target.read_text(encoding="utf-8") == "이전 파일"


@pytest.mark.parametrize("kwargs, message", [
    ({"assignments": ["ch09_missing"]}, "--assignment의 과제 ch09_missing이 성적부에 없습니다"),
    ({"assignments": [CH01], "columns": {"ch09_missing": "9장"}}, "--column의 과제 ch09_missing"),
    ({"assignments": [CH01, CH02], "columns": {CH02: CH01}}, "같은 열 이름"),
    ({"assignments": [CH01], "columns": {CH01: "Final Score"}}, "Canvas가 과제 열로 읽지 않습니다"),
])
def test_an_assignment_the_file_must_carry_but_cannot_is_refused_before_writing(course, tmp_path, kwargs, message):
    target = tmp_path / "canvas.csv"
    with pytest.raises(CourseError, match=message):
        export_lms(course, "canvas", course.root / "명단.csv", target, **kwargs)
    assert not target.exists() and not list(tmp_path.iterdir())


def _course_grader(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True, timeout=300,
                          cwd=ROOT)


def test_the_export_command_prints_its_closing_lines_and_errors_in_one_korean_line(course):
    target = course.root / "out" / "moodle.csv"
    completed = _course_grader("export", "--root", str(course.root), "--format", "moodle", "--roster",
                               str(course.root / "명단.csv"), "--assignment", CH01, "--to", str(target))
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith(
        f"Moodle 가져오기 파일을 썼습니다: {target} (학생 4명, 과제 1개, UTF-8 BOM 포함)")
    assert "조학생7 (2023100007)" in completed.stdout and target.is_file()
    refused = _course_grader("export", "--root", str(course.root), "--format", "canvas", "--assignment", CH01)
    assert refused.returncode == 2 and refused.stderr.splitlines()[-1].startswith("오류: --format canvas에는")
    nothing = course.root / "none.csv"
    wrong = _course_grader("export", "--root", str(course.root), "--format", "canvas", "--roster",
                           str(course.root / "명단.csv"), "--assignment", "ch09_missing", "--to", str(nothing))
    assert wrong.returncode == 2 and "ch09_missing" in wrong.stderr.splitlines()[-1] and not nothing.exists()


def test_timestamp_txt_takes_info_zips_utc_time_over_the_zoneless_dos_time(tmp_path):
    utc = datetime.datetime(2026, 3, 2, 3, 30, tzinfo=datetime.UTC)  # 12:30 in Seoul, as a Korean PC's DOS time says
    stamped = struct.pack("<HHBi", 0x5455, 5, 1, int(utc.timestamp()))
    source = tmp_path / "export.zip"
    source.write_bytes(_zip_bytes([("김학생1_2023100001.ipynb".encode("cp949"), _notebook("1"), 0, stamped),
                                   (b"2023100002.ipynb", _notebook("2"), 0, b"")], minute=30))
    collect(CourseContext(tmp_path / "course"), CH01, source)
    stamps = {student: datetime.datetime.strptime(
        (tmp_path / "course" / "submitted" / student / CH01 / "timestamp.txt").read_text(), "%Y-%m-%d %H:%M:%S.%f UTC")
        for student in ("2023100001", "2023100002")}
    assert stamps == {"2023100001": datetime.datetime(2026, 3, 2, 3, 30),
                      "2023100002": datetime.datetime(2026, 3, 2, 12, 30)}  # no UT field: the DOS time as it is


def test_a_roster_whose_header_has_no_student_id_column_is_refused(tmp_path):
    canvas_export = ["Student,ID,SIS User ID,SIS Login ID,Section", "김학생1,501,S1,kim1,01"]
    with pytest.raises(CourseError, match="학번 열"):
        read_roster(_roster_file(tmp_path, canvas_export))


def test_per_exercise_columns_follow_each_lms_import_shape(course, tmp_path):
    from autograder.course.submission import exercises

    functions = list(dict.fromkeys(exercises(course, CH01).values()))
    export = export_lms(course, "canvas", course.root / "명단.csv", tmp_path / "canvas.csv", [CH01],
                        per_exercise=True)
    header, points, rows = _canvas_reads(export.path)
    assert header[5:] == [CH01, *(f"{CH01}: {function}" for function in functions)]
    assert sum(float(value) for value in points[6:]) == float(points[5])  # each exercise's points possible
    kim = next(row for row in rows if row[2] == "S2023100001")
    assert sum(float(value) for value in kim[6:]) == float(kim[5]) == 10
    moodle = export_lms(course, "moodle", course.root / "명단.csv", tmp_path / "moodle.csv", [CH01],
                        per_exercise=True)
    header, rows = _moodle_reads(moodle.path)
    assert header == ["ID number", "이름", CH01, *(f"{CH01}: {function}" for function in functions),
                      f"{CH01} 피드백"]
    lines = "\n".join(closing_lines(moodle))
    assert f"문제 {CH01}/{functions[0]} → 열 '{CH01}: {functions[0]}'" in lines


def test_grades_csv_keeps_a_name_with_a_comma_in_one_cell_and_adds_comments_and_exercises(course, tmp_path):
    from autograder.course.roster import record_names
    from autograder.export import NBGRADER_COLUMNS, export_grades

    with course.gradebook() as gradebook:
        record_names(gradebook, read_roster(course.root / "명단.csv"))
    path, count, _, _ = export_grades(course, tmp_path / "grades.csv", [CH01], per_exercise=True)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert list(rows[0])[:len(NBGRADER_COLUMNS) + 1] == [*NBGRADER_COLUMNS, "comment"]
    by_id = {row["student_id"]: row for row in rows}
    assert count == len(rows)
    assert (by_id["2023100002"]["last_name"], by_id["2023100002"]["first_name"]) == ("이", "학생")
    assert by_id["2023100006"]["comment"] == "제출 없음" and by_id["2023100006"]["score"] == "0"
    assert by_id["2023100004"]["comment"] == "채점 실패 — 노트북 파일이 손상되었습니다"
    exercise_columns = [name for name in rows[0] if name.startswith(f"{CH01}: ") and not name.endswith(" 진단")]
    assert sum(float(by_id["2023100001"][name]) for name in exercise_columns) == 10
    assert {by_id["2023100006"][name] for name in exercise_columns} == {"0"}  # nothing handed in: 0, like the total
    assert {by_id["2023100004"][name] for name in exercise_columns} == {""}  # failed: blank, like the total


def test_grades_csv_puts_each_assignments_exercise_points_under_its_own_columns(course, tmp_path):
    from autograder.export import export_grades

    path, _, _, _ = export_grades(course, tmp_path / "grades.csv", [CH01, CH02], per_exercise=True)
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    [ch02_row] = [row for row in rows if row["assignment"] == CH02 and row["student_id"] == "2023100004"]
    ch01_columns = [name for name in ch02_row if name.startswith(f"{CH01}: ")]
    ch02_columns = [name for name in ch02_row if name.startswith(f"{CH02}: ") and not name.endswith(" 진단")]
    assert {ch02_row[name] for name in ch01_columns} == {""}  # another assignment's exercises: blank
    assert sum(float(ch02_row[name]) for name in ch02_columns) == float(ch02_row["raw_score"]) == 3


def test_grades_csv_shows_beside_each_exercise_the_diagnosis_code_of_the_grade_it_holds(course, tmp_path):
    from autograder.course.diagnosis import CellOutcome
    from autograder.course.submission import exercises
    from autograder.export import export_grades
    from helpers.grading.verdict import FailureKind, Verdict

    shutil.copytree(course.root, tmp_path / "course")
    context = CourseContext(tmp_path / "course")
    functions = list(dict.fromkeys(exercises(context, CH01).values()))
    wrong = Verdict(functions[0], f"{functions[0]}/no_transpose", "전치하지 않았습니다.", FailureKind.JUDGED)
    cells = (CellOutcome(f"test_{functions[0]}", 0.0, 2.0, wrong),
             *(CellOutcome(f"test_{function}", 2.0, 2.0, Verdict(function)) for function in functions[1:]))
    this_grade = fingerprint(context.submission_dir("2023100002", CH01), source_digest(context, CH01))
    save_status(context, CH01, {"2023100004": StatusEntry(Outcome.FAILED, "노트북 파일이 손상되었습니다"),
                                "2023100002": StatusEntry(Outcome.GRADED, cells=cells, fingerprint=this_grade),
                                "2023100003": StatusEntry(Outcome.GRADED, cells=cells, fingerprint="an older grade")})
    path, _, _, _ = export_grades(context, tmp_path / "grades.csv", [CH01], per_exercise=True)
    header, *rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert header[-2 * len(functions):] == [name for function in functions
                                            for name in (f"{CH01}: {function}", f"{CH01}: {function} 진단")]
    diagnoses = {row[3]: row[-2 * len(functions) + 1::2] for row in rows}
    assert diagnoses["2023100002"] == [wrong.code] + [""] * (len(functions) - 1)
    blank = {"2023100001": "no verdicts recorded", "2023100003": "the verdicts of an older grade",
             "2023100004": "grading failed", "2023100006": "nothing handed in"}
    for student, why in blank.items():
        assert diagnoses[student] == [""] * len(functions), why
