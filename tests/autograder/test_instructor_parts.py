"""The instructor tools' parts without kernels: collect's door, 빈 제출, names, due dates and late penalties."""

from __future__ import annotations

import datetime
import json
import shutil

import pytest
from test_lms import CH01, ROOT, _course, _zip_bytes

from autograder.collect import collect, summary_text
from autograder.course.context import CourseContext, CourseError
from autograder.course.lateness import Lateness, PercentPerDay, lateness_note, parse_duedate, set_duedate, shown_time
from autograder.course.roster import full_name, gradebook_labels, read_roster, record_names, split_name
from autograder.course.submission import exercises, is_unfilled, problem

SOURCE = ROOT / "source" / CH01 / f"{CH01}.ipynb"
RELEASE = ROOT / "release" / CH01 / f"{CH01}.ipynb"


def _cells() -> set[str]:
    return {cell["metadata"]["nbgrader"]["grade_id"] for cell in json.loads(SOURCE.read_text())["cells"]
            if cell["metadata"].get("nbgrader", {}).get("grade_id")}


# ---------------------------------------------------------------- collect's door
@pytest.mark.parametrize("content, reason", [
    (SOURCE.read_text()[:5000].encode(), "JSON이 아닙니다"),  # cut short, between characters
    (b"\xff\xfe\x00{", "UTF-8 텍스트가 아닙니다"),
    (b'{"cells": "none", "metadata": {}, "nbformat": 4, "nbformat_minor": 5}', "nbformat에 맞지 않는 노트북입니다"),
    (json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode(),
     "이 과제의 셀이 하나도 없습니다"),
])
def test_a_notebook_that_cannot_be_graded_is_refused_with_the_reason(content, reason):
    assert problem(content, _cells()).startswith(reason)
    assert problem(SOURCE.read_bytes(), _cells()) == ""


def test_collect_places_nothing_broken_and_says_why_in_its_table(tmp_path):
    root = _course(tmp_path)
    source = tmp_path / "export.zip"
    source.write_bytes(_zip_bytes([(b"2023100001.ipynb", SOURCE.read_bytes()[:3000], 0, b""),
                                   (b"2023100002.ipynb", SOURCE.read_bytes(), 0, b""),
                                   (b"2023100003.ipynb", RELEASE.read_bytes(), 0, b"")]))
    report = collect(CourseContext(root), CH01, source)
    assert sorted(student for student, _, _ in report.placed) == ["2023100002", "2023100003"]
    assert not (root / "submitted" / "2023100001").exists()
    printed = summary_text(report)
    assert "  2023100001.ipynb: JSON이 아닙니다 (" in printed and "놓지 않았습니다" in printed
    assert "  새로  2023100003  ←  2023100003.ipynb  (빈 제출: 답을 쓴 셀이 없습니다)" in printed
    assert "  새로  2023100002  ←  2023100002.ipynb\n" in printed + "\n"


def test_an_unfilled_notebook_is_the_release_as_handed_out():
    assert is_unfilled(RELEASE.read_bytes())
    notebook = json.loads(RELEASE.read_text())
    answer = next(cell for cell in notebook["cells"] if cell["metadata"].get("nbgrader", {}).get("solution"))
    answer["source"] = "def dot_scores(Q, K):\n    return Q @ K.transpose(-2, -1)\n"
    assert not is_unfilled(json.dumps(notebook).encode())
    assert not is_unfilled(b"{broken")


def test_each_test_cell_belongs_to_the_function_its_answer_cell_defines(tmp_path):
    assert set(exercises(CourseContext(_course(tmp_path)), CH01).items()) >= {
        ("test_dot_scores", "dot_scores"), ("test_self_attention", "self_attention")}


# ---------------------------------------------------------------- names
@pytest.mark.parametrize("name, first, last", [("홍길동", "길동", "홍"), ("남궁민서", "민서", "남궁"),
                                               ("김학생1", "학생1", "김"), ("Jay Lee", "Jay", "Lee"),
                                               ("Lee, Jay", "Jay", "Lee"), ("이, 학생", "학생", "이"),
                                               ("Solo", "Solo", "")])
def test_a_single_name_field_is_read_in_the_order_the_name_is_written(name, first, last):
    assert split_name(name) == (first, last)


def test_a_name_is_written_family_name_first_in_hangul_and_given_name_first_otherwise():
    assert [full_name("길동", "홍"), full_name("민서", "남궁"), full_name("Jay", "Lee"), full_name("Solo", None)] == [
        "홍길동", "남궁민서", "Jay Lee", "Solo"]


def test_roster_names_reach_the_gradebook_and_a_roster_without_names_still_works(tmp_path):
    context = CourseContext(_course(tmp_path))
    named = tmp_path / "named.csv"
    named.write_text("학번,성,first name\n2023100001,남궁,민서\n2023100002,,\n", encoding="utf-8")
    korean = tmp_path / "korean.csv"
    korean.write_text("학번,이름\n2023100003,홍길동\n", encoding="cp949")
    bare = tmp_path / "bare.csv"
    bare.write_text("2023100004\n2023100005\n", encoding="utf-8")
    with context.gradebook() as gradebook:
        assert [record_names(gradebook, read_roster(path)) for path in (named, korean, bare)] == [1, 1, 0]
        people = {s.id: (s.first_name, s.last_name) for s in gradebook.students}
        labels = gradebook_labels(gradebook)
    assert people == {"2023100001": ("민서", "남궁"), "2023100003": ("길동", "홍")}
    assert labels == {"2023100001": "남궁민서 (2023100001)", "2023100003": "홍길동 (2023100003)"}
    assert read_roster(bare).students["2023100004"].label() == "2023100004"


# ---------------------------------------------------------------- due dates and late penalties
@pytest.mark.parametrize("seconds, penalty", [(0, None), (1, 1.0), (3 * 3600, 1.0), (86400, 1.0), (86401, 2.0),
                                              (5 * 86400 + 60, 3.0), (40 * 86400, 3.0)])
def test_percent_per_day_takes_a_share_per_started_day_up_to_its_cap(seconds, penalty):
    plugin = PercentPerDay(percent_per_day=10, cap_percent=30)
    assert plugin.late_submission_penalty("s", 10.0, seconds) == penalty


def test_a_due_date_is_read_in_the_courses_zone_and_shown_in_it():
    due = parse_duedate("2026-03-09 23:59", "Asia/Seoul")
    assert due == datetime.datetime(2026, 3, 9, 14, 59)
    assert parse_duedate("2026-03-09 23:59 UTC", "Asia/Seoul") == datetime.datetime(2026, 3, 9, 23, 59)
    assert shown_time(due, "Asia/Seoul") == "2026-03-09 23:59 (Asia/Seoul)"
    with pytest.raises(CourseError, match="날짜로 읽을 수 없습니다"):
        parse_duedate("다음 주 월요일", "Asia/Seoul")


def test_lateness_is_said_in_korean_with_what_it_cost():
    assert lateness_note(Lateness(3 * 3600 + 1, 1.5)) == "마감보다 3시간 1분 늦게 제출: 1.5점 감점"
    assert lateness_note(Lateness(5 * 86400 + 60, 3)) == "마감보다 5일 1분 늦게 제출: 3점 감점"
    assert lateness_note(Lateness(30, 0)) == "마감보다 1분 늦게 제출: 감점 없음"


def test_the_due_date_lands_in_nbgraders_own_field(tmp_path):
    context = CourseContext(_course(tmp_path))
    set_duedate(context, CH01, datetime.datetime(2026, 3, 9, 14, 59))
    with context.gradebook() as gradebook:
        assert gradebook.find_assignment(CH01).duedate == datetime.datetime(2026, 3, 9, 14, 59)


def test_a_due_date_in_the_course_config_is_what_grade_writes(tmp_path):
    from autograder.course.lateness import apply_configured_duedate

    root = _course(tmp_path)
    shutil.copy(ROOT / "nbgrader_config.py", root / "nbgrader_config.py")
    with open(root / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(f'\nc.Deadlines.duedates = {{"{CH01}": "2026-03-09 23:59"}}\n')
    context = CourseContext(root)
    assert apply_configured_duedate(context, CH01) == datetime.datetime(2026, 3, 9, 14, 59)
    assert apply_configured_duedate(context, "ch02_scaling") is None
