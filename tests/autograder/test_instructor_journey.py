"""A new instructor's term, from collect to export, as README tells it, on a PostgreSQL gradebook named before
every command: eight students, a CP949 Moodle zip with Korean names, one empty and one corrupt notebook, one
student who hands in nothing, a due date and a late-penalty policy of the course's own (10 % a day, at most 30 %).
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import struct
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from sample_class.build import make_course, make_notebook
from test_lms import _zip_bytes

from autograder.course.notebook import read_notebook
from autograder.sandbox import policy as sandbox
from helpers.paths import ROOT

pytestmark = pytest.mark.slow

CH01 = "ch01_handmade_qkv"
EXERCISES = ["dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention"]
DUE = "2026-03-09 23:59"  # in Seoul: 14:59 UTC
# 학번, 이름, what they hand in, when (UTC); None: nothing handed in
CLASS = [
    ("2023100001", "김민준", "correct", "2026-03-09 10:00"),
    ("2023100002", "이서연", "partly", "2026-03-09 18:00"),  # 3 h late: one day, 10 %
    ("2023100003", "박지호", "correct", "2026-03-14 15:00"),  # 5 days and a minute: six days, capped at 30 %
    ("2023100004", "최수아", "unfilled", "2026-03-09 11:00"),
    ("2023100005", "정도윤", "corrupt", "2026-03-09 12:00"),
    ("2023100006", "강하은", "correct", "2026-03-09 13:00"),
    ("2023100007", "조예준", "partly", "2026-03-09 14:00"),
    ("2023100008", "남궁민서", None, None),
]
POLICY = """
c.AssignLatePenalties.plugin_class = "autograder.course.lateness.PercentPerDay"
c.PercentPerDay.percent_per_day = 10
c.PercentPerDay.cap_percent = 30
"""
SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]


def _moodle_zip(course: Path) -> bytes:
    """Moodle's download as Korean Windows zips it: CP949 names without the UTF-8 flag, each with its UTC time."""
    release = read_notebook(course / "release" / CH01 / f"{CH01}.ipynb")
    source = read_notebook(course / "source" / CH01 / f"{CH01}.ipynb")
    members = []
    for number, (_, name, kind, when) in enumerate(CLASS):
        if kind is None:
            continue
        made = make_notebook(kind, source, release)
        data = made if isinstance(made, bytes) else json.dumps(made, ensure_ascii=False).encode()
        stamp = datetime.datetime.strptime(when, "%Y-%m-%d %H:%M").replace(tzinfo=datetime.UTC)
        path = f"{name}_{1187300 + number}_assignsubmission_file_/{CH01}.ipynb"
        members.append((path.encode("cp949"), data, 0, struct.pack("<HHBi", 0x5455, 5, 1, int(stamp.timestamp()))))
    return _zip_bytes(members)


def _roster(course: Path) -> Path:
    path = course / "명단.csv"
    lines = ["학번,이름,ID number", *(f"{student},{name},M{student[-2:]}" for student, name, _, _ in CLASS)]
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("cp949"))
    return path


def _course_grader(url: str, course: Path, *words: str) -> subprocess.CompletedProcess:
    """course-grader with the shared options BEFORE the command, as the usage line puts them."""
    return subprocess.run([sys.executable, "-m", "autograder", "--db-url", url, "--root", str(course), *words],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)


def _ok(completed: subprocess.CompletedProcess, code: int = 0) -> str:
    assert completed.returncode == code, completed.stdout + completed.stderr
    return completed.stdout


@pytest.fixture(scope="module")
def journey(tmp_path_factory, postgres):
    """The term, run once: every command's output, the course folder and the gradebook's URL."""
    course = make_course(tmp_path_factory.mktemp("journey"), [CH01])
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(POLICY)
    url = postgres.create_database("journey")
    (course / "moodle.zip").write_bytes(_moodle_zip(course))
    roster = _roster(course)
    printed = {"duedate": _ok(_course_grader(url, course, "duedate", CH01, DUE)),
               "collect": _ok(_course_grader(url, course, "collect", CH01, str(course / "moodle.zip"), "--roster",
                                             str(roster)), code=1),  # one notebook could not be placed
               "grade": _ok(_course_grader(url, course, "grade", CH01, "--jobs", "2", "--timeout", "25", *SANDBOX)),
               "feedback": _ok(_course_grader(url, course, "feedback", CH01)),
               "report": _ok(_course_grader(url, course, "report", CH01)),
               "export": _ok(_course_grader(url, course, "export", "--per-exercise")),
               "moodle": _ok(_course_grader(url, course, "export", "--format", "moodle", "--roster", str(roster),
                                            "--per-exercise"))}
    yield course, url, printed
    postgres.drop_database("journey")


def test_collect_reads_the_korean_names_refuses_the_corrupt_notebook_and_marks_the_empty_one(journey):
    _, _, printed = journey
    collected = printed["collect"]
    assert f"과제 {CH01}: 새로 6건, 갱신 0건, 변경 없음 0건, 놓지 못함 1건" in collected
    empty = f"최수아_1187303_assignsubmission_file_/{CH01}.ipynb  (빈 제출: 답을 쓴 셀이 없습니다)"
    assert f"  새로  2023100004  ←  {empty}" in collected
    assert f"  정도윤_1187304_assignsubmission_file_/{CH01}.ipynb: JSON이 아닙니다" in collected


def test_the_scores_reach_the_postgresql_gradebook_named_before_the_command(journey):
    course, url, _ = journey
    assert not (course / "gradebook.db").exists()
    with psycopg.connect(url) as connection:
        students = dict(connection.execute("SELECT id, first_name || '/' || last_name FROM student").fetchall())
        submitted = connection.execute("SELECT count(*) FROM submitted_assignment").fetchone()[0]
        due = connection.execute("SELECT duedate FROM assignment WHERE name = %s", (CH01,)).fetchone()[0]
    assert students["2023100001"] == "민준/김" and students["2023100008"] == "민서/남궁"
    assert submitted == 6 and due == datetime.datetime(2026, 3, 9, 14, 59)


def test_grade_says_the_empty_notebook_is_an_empty_submission(journey):
    _, _, printed = journey
    [row] = [line for line in printed["grade"].splitlines() if line.startswith("2023100004")]
    assert "빈 제출" in row


def _grades(course: Path) -> dict[str, dict[str, str]]:
    rows = list(csv.DictReader(io.StringIO((course / "grades.csv").read_text(encoding="utf-8"))))
    return {row["student_id"]: row for row in rows}


def test_grades_csv_has_names_lateness_comments_and_each_exercises_points_and_diagnosis(journey):
    course, _, _ = journey
    grades = _grades(course)
    assert sorted(grades) == [student for student, *_ in CLASS]
    full = float(grades["2023100001"]["max_score"])
    assert (grades["2023100001"]["last_name"], grades["2023100001"]["first_name"]) == ("김", "민준")
    late = grades["2023100003"]
    assert (float(late["raw_score"]), float(late["late_submission_penalty"]), float(late["score"])) == (
        full, round(full * 0.3, 2), full - round(full * 0.3, 2))
    assert late["comment"] == "마감보다 5일 1분 늦게 제출: " + f"{round(full * 0.3, 2):g}점 감점"
    assert grades["2023100002"]["comment"].startswith("마감보다 3시간 1분 늦게 제출: ")
    assert grades["2023100004"]["comment"] == "빈 제출" and float(grades["2023100004"]["score"]) == 0
    assert grades["2023100008"]["comment"] == "제출 없음"
    assert grades["2023100005"]["comment"] == "제출 없음"  # the corrupt notebook was never placed
    columns = [f"{CH01}: {exercise}" for exercise in EXERCISES]
    diagnoses = [f"{column} 진단" for column in columns]
    assert list(grades["2023100001"])[-2 * len(columns):] == [name for pair in zip(columns, diagnoses) for name in pair]
    assert sum(float(grades["2023100001"][column]) for column in columns) == full
    assert [grades["2023100008"][column] for column in columns] == ["0"] * len(columns)
    assert [grades["2023100001"][column] for column in diagnoses] == [""] * len(columns)
    *right, wrong = [grades["2023100002"][column] for column in diagnoses]  # "partly": the last exercise is wrong
    assert right == [""] * (len(columns) - 1) and wrong.startswith(f"{EXERCISES[-1]}/")


def test_the_moodle_file_carries_names_exercises_and_the_comment_column(journey):
    course, _, printed = journey
    text = (course / "grades_moodle.csv").read_bytes().decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(text)))
    assert header == ["ID number", "이름", CH01, *(f"{CH01}: {e}" for e in EXERCISES), f"{CH01} 피드백"]
    by_name = {row[1]: row for row in rows}
    assert by_name["최수아"][-1] == "빈 제출" and by_name["남궁민서"][2:3] == ["0"]
    assert "지각 감점 2건:" in printed["moodle"]


def test_the_report_and_the_feedback_show_names_and_lateness_in_korean(journey):
    course, _, _ = journey
    page = (course / "reports" / CH01 / "index.html").read_text(encoding="utf-8")
    assert "박지호 (2023100003)" in page and "빈 제출" in page and "마감보다 5일 1분 늦게 제출" in page
    feedback = (course / "feedback" / "2023100003" / CH01 / f"{CH01}.html").read_text(encoding="utf-8")
    assert "마감: 2026-03-09 23:59 (Asia/Seoul)" in feedback and "마감보다 5일 1분 늦게 제출" in feedback
    on_time = (course / "feedback" / "2023100001" / CH01 / f"{CH01}.html").read_text(encoding="utf-8")
    assert "늦게 제출" not in on_time
