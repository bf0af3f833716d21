"""The gradebook on a real PostgreSQL server (tests/postgres_server.py), without kernels: the URL and its
driver, an empty database becoming nbgrader's gradebook, the run lock that graders on other machines share,
and every command facing a server that is down. Merging is checked on both backends in autograder/test_autograder.py;
the sample class is graded on PostgreSQL in autograder/test_autograder_class.py.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from nbgrader.api import Base, Gradebook
from postgres_server import PostgresServer
from sqlalchemy import create_engine, inspect, text

from autograder.course import gradebook as book
from autograder.course.context import CourseContext, CourseError, GradebookUnavailable
from autograder.grading.runlock import RunBusy, RunLock, lock_key
from helpers.paths import ROOT

ASSIGNMENT = "ch02_scaling"


def course_grader(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def a_course(folder: Path) -> Path:
    """A course with ch02's source, one submission and its (pretend) autograded notebook."""
    shutil.copytree(ROOT / "source" / ASSIGNMENT, folder / "source" / ASSIGNMENT)
    for kind in ("submitted", "autograded"):
        target = folder / kind / "s01" / ASSIGNMENT
        target.mkdir(parents=True)
        shutil.copy(folder / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", target)
    return folder


# ---------------------------------------------------------------- the URL and its driver
@pytest.mark.parametrize("given", ["postgresql://grader:pw@db.example:5432/course",
                                   "postgres://grader:pw@db.example:5432/course"])
def test_a_postgresql_url_is_read_with_psycopg_3_from_the_command_line_and_the_config(tmp_path, given):
    wanted = "postgresql+psycopg://grader:pw@db.example:5432/course"
    from_option = CourseContext(tmp_path, db_url=given)
    (tmp_path / "nbgrader_config.py").write_text(f"c = get_config()\nc.CourseDirectory.db_url = {given!r}\n")
    from_config = CourseContext(tmp_path)
    for context in (from_option, from_config):
        assert context.db_url == context.gradebook_url() == context.config.CourseDirectory.db_url == wanted
        assert context.coursedir.db_url == wanted  # what nbgrader's own converters are given


def test_an_sqlite_url_is_left_as_given(tmp_path):
    assert CourseContext(tmp_path, db_url="sqlite:///elsewhere.db").db_url == "sqlite:///elsewhere.db"


def test_a_url_whose_driver_is_missing_says_what_to_install(tmp_path):
    completed = course_grader("export", "--root", str(tmp_path), "--db-url", "postgresql+psycopg2://grader@db/course")
    assert completed.returncode == 2 and "Traceback" not in completed.stderr
    assert "드라이버 psycopg2가 설치되어 있지 않습니다: `pip install psycopg2`" in completed.stderr
    with pytest.raises(CourseError, match="성적부 주소를 읽을 수 없습니다"):
        CourseContext(tmp_path, db_url="gradebook.db")


# ---------------------------------------------------------------- an empty database becomes a gradebook
def test_an_empty_postgresql_database_becomes_the_gradebook_nbgrader_makes(tmp_path, postgres_url):
    context = CourseContext(tmp_path, db_url=postgres_url)
    with context.gradebook() as gradebook:  # nbgrader creates its tables and stamps alembic's head
        book.ensure_marks_table(gradebook)
        book.ensure_marks_table(gradebook)  # CREATE TABLE IF NOT EXISTS: the next run finds it there
        ours = gradebook.db.execute(text("SELECT version_num FROM alembic_version")).scalar()
    with Gradebook(f"sqlite:///{tmp_path / 'theirs.db'}") as theirs:
        assert theirs.db.execute(text("SELECT version_num FROM alembic_version")).scalar() == ours
    engine = create_engine(context.db_url)
    try:
        tables = inspect(engine)
        assert set(tables.get_table_names()) == set(Base.metadata.tables) | {"alembic_version", book.MARKS}
        for name, table in Base.metadata.tables.items():
            assert {column["name"] for column in tables.get_columns(name)} == set(table.columns.keys()), name
    finally:
        engine.dispose()
    with context.gradebook() as gradebook:  # and nbgrader opens it again as its own
        gradebook.update_or_create_student("s01")
        assert [student.id for student in gradebook.students] == ["s01"]


# ---------------------------------------------------------------- the run lock on the server
def test_a_run_holding_the_assignment_on_the_server_refuses_a_run_from_another_course_folder(tmp_path, postgres_url):
    here, elsewhere = a_course(tmp_path / "here"), a_course(tmp_path / "elsewhere")  # two machines, one gradebook
    holding = RunLock(CourseContext(here, db_url=postgres_url), ASSIGNMENT)
    holding.acquire()
    try:
        refused = course_grader("grade", ASSIGNMENT, "--root", str(elsewhere), "--db-url", postgres_url,
                                "--no-sandbox")
        assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
        assert "다른 grade 명령이 이미 이 과제를 채점하고 있습니다 (성적부 서버의 잠금" in refused.stderr
        assert "잡고 있는 곳: course-grader grade" in refused.stderr  # the holder, as the server knows it
        other = RunLock(CourseContext(elsewhere, db_url=postgres_url), "ch01_handmade_qkv")
        other.acquire()  # another assignment is another lock
        other.release()
        with pytest.raises(RunBusy):
            RunLock(CourseContext(elsewhere, db_url=postgres_url), ASSIGNMENT).acquire()
    finally:
        holding.release()
    again = RunLock(CourseContext(elsewhere, db_url=postgres_url), ASSIGNMENT)
    again.acquire()  # let go with its connection
    again.release()


def test_a_run_whose_lock_connection_was_ended_by_the_server_is_told_before_it_merges_again(tmp_path, postgres_url):
    context = CourseContext(a_course(tmp_path), db_url=postgres_url)
    holding = RunLock(context, ASSIGNMENT)
    holding.acquire()
    try:
        holding.check()  # still held
        with psycopg.connect(postgres_url, autocommit=True) as admin:  # what an idle timeout or a restart does
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND database = "
                          "(SELECT oid FROM pg_database WHERE datname = current_database())")
        with pytest.raises(GradebookUnavailable, match="연결이 끊겼습니다"):
            holding.check()
        taken = RunLock(context, ASSIGNMENT)
        taken.acquire()  # the server let the lock go: another run may take it, so this one must stop
        taken.release()
    finally:
        holding.release()


def test_the_lock_key_is_the_course_and_the_assignment():
    assert lock_key("course", "ch01") == lock_key("course", "ch01")
    assert len({lock_key("course", "ch01"), lock_key("course", "ch02"), lock_key("other", "ch01")}) == 3


# ---------------------------------------------------------------- a server that is down
def test_every_command_says_what_to_fix_when_the_server_is_down_and_touches_no_submission(tmp_path):
    server = PostgresServer()
    url = server.database_url("course").replace("grader@", "grader:geheim@")
    server.close()  # a real server that was there and is down now
    course = a_course(tmp_path / "course")
    submitted = (course / "submitted" / "s01" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_bytes()
    for command in (["grade", ASSIGNMENT, "--no-sandbox"], ["feedback", ASSIGNMENT], ["report", ASSIGNMENT],
                    ["export"], ["collect", ASSIGNMENT, str(course / "submitted")]):
        completed = course_grader(*command, "--root", str(course), "--db-url", url)
        assert completed.returncode == 2 and "Traceback" not in completed.stderr, (command, completed.stderr)
        assert "오류: 성적부 서버 postgresql+psycopg://grader:***@127.0.0.1:" in completed.stderr, command
        assert "서버가 켜져 있는지" in completed.stderr and "geheim" not in completed.stderr, command
    assert (course / "submitted" / "s01" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb").read_bytes() == submitted
    assert not list(course.glob("feedback/**/*.html")) and not (course / "reports" / ASSIGNMENT / "index.html").exists()
