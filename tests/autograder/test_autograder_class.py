"""The sample class (tests/sample_class/manifest.toml) graded end to end by `python -m autograder`.

Four assignments, every kind of submission an instructor meets: correct, partly correct, the
unfilled release, an infinite loop, a kernel killed with os._exit, a million printed lines, a
deleted and an edited locked test cell, a correct answer that warns on stderr, corrupt JSON, a
misnamed file and a tampering cell. Graded with two workers, then regraded (unchanged ones are
skipped), fed back, exported and reported; a third copy is interrupted twice (SIGKILL, then
Ctrl-C) and resumed, and must end with exactly the gradebook of the uninterrupted run.

All of it twice: with the SQLite gradebook.db, and with a gradebook on a real PostgreSQL server
(tests/postgres_server.py) named in the course's nbgrader_config.py as an instructor would. On
PostgreSQL also: a grader on another machine is refused while a run holds the assignment, and a
server that goes down in the middle of a run loses no grade.
"""

from __future__ import annotations

import csv
import fcntl
import io
import itertools
import json
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest
from course_testing import wait_for
from postgres_server import PostgresServer
from sample_class.build import CELL_TIMEOUT, add_class, make_course

from autograder.course import gradebook as book
from autograder.course.context import CourseContext, is_server
from autograder.report import failure_counts
from autograder.sandbox import policy as sandbox
from helpers.paths import ROOT

pytestmark = pytest.mark.slow

ASSIGNMENTS = ["ch01_handmade_qkv", "ch02_scaling", "ch05_multi_head", "ch06_encoder_block"]
FIRST_EXERCISE = {"ch01_handmade_qkv": "dot_scores", "ch05_multi_head": "split_heads",  # what the report counts
                  "ch06_encoder_block": "layer_norm"}
RESUMED = ["s01_correct", "s02_partly", "s03_unfilled", "s09_warning"]
DATABASES = itertools.count()


# The grading logic is tested with the sandbox where one can be made (the red team in sandbox/test_sandbox.py
# needs it); elsewhere the same class is graded without it.
SANDBOX = [] if sandbox.unavailable_reason() is None else ["--no-sandbox"]


def grade_command(course: Path, assignment: str, *extra: str) -> list[str]:
    return [sys.executable, "-m", "autograder", "grade", assignment, "--root", str(course), "--jobs", "2", *SANDBOX,
            "--timeout", str(CELL_TIMEOUT), *extra]


def run(command: list[str], timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def table_rows(stdout: str) -> dict[str, list[str]]:
    """student → [결과, 점수, 비고] from the closing table (columns are separated by 2+ spaces)."""
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("학생"))
    rows = {}
    for line in lines[start + 2:]:
        if not line.strip():
            break
        cells = [cell for cell in line.split("  ") if cell.strip()]
        rows[cells[0].strip()] = [cell.strip() for cell in cells[1:]]
    return rows


def use_postgres(course: Path, server: PostgresServer) -> str:
    """Give the course a new database on `server` as its gradebook, in its nbgrader_config.py; returns the URL."""
    url = server.create_database(f"class_{next(DATABASES)}")
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(f"\nc.CourseDirectory.db_url = {url!r}\n")
    return url


def gradebook_like(reference: Path, course: Path, request) -> None:
    """A new course's gradebook of the same kind as the reference course's: SQLite, or the test server."""
    if is_server(CourseContext(reference).db_url):
        use_postgres(course, request.getfixturevalue("postgres"))


def a_class_of(reference: Path, folder: Path, assignment: str) -> Path:
    """A course holding the RESUMED students of `assignment`, with the reference course's release."""
    course = make_course(folder, [assignment], release=False)
    shutil.copytree(reference / "release" / assignment, course / "release" / assignment)
    add_class(course, [assignment], students=RESUMED)
    return course


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def graded(request, tmp_path_factory):
    course = make_course(tmp_path_factory.mktemp("class"), ASSIGNMENTS)
    if request.param == "postgresql":
        use_postgres(course, request.getfixturevalue("postgres"))
    expected = add_class(course, ASSIGNMENTS)
    runs = {assignment: run(grade_command(course, assignment)) for assignment in ASSIGNMENTS}
    return course, expected, runs


def gradebook_scores(course: Path, assignment: str) -> dict[str, float]:
    with CourseContext(course).gradebook() as gradebook:
        return {student: sum(score for score, _ in cells.values())
                for student, cells in book.scores(gradebook, assignment).items()}


def gradebook_dump(course: Path, students: list[str] | None = None, assignment: str | None = None) -> list[tuple]:
    """The gradebook's rows, optionally only those of `students` in `assignment`."""
    with CourseContext(course).gradebook() as gradebook:
        rows = book.dump(gradebook)
    if students is None:
        return rows
    return [row for row in rows if (row[1] in students if row[0] == "student"
                                    else row[1] == assignment and row[2] in students)]


# ---------------------------------------------------------------- the graded class
def test_every_submission_gets_its_expected_score(graded):
    course, expected, runs = graded
    for assignment in ASSIGNMENTS:
        scores = gradebook_scores(course, assignment)
        for (student, a), want in expected.items():
            if a != assignment:
                continue
            if want.outcome == "graded":
                assert scores.get(student) == want.score, (assignment, student, runs[assignment].stdout)
            else:
                assert student not in scores, (assignment, student)


def test_closing_table_says_graded_failed_and_why(graded):
    course, expected, runs = graded
    for assignment in ASSIGNMENTS:
        result = runs[assignment]
        assert result.returncode == 1, result.stdout + result.stderr  # corrupt/misnamed/exit failed
        rows = table_rows(result.stdout)
        for (student, a), want in expected.items():
            if a != assignment:
                continue
            outcome, score, *note = rows[student]
            if want.outcome == "graded":
                assert (outcome, score) == ("채점", f"{want.score:g}/{want.max_score:g}"), rows[student]
            else:
                assert outcome == "실패" and want.reason in " ".join(note), rows[student]
        assert f"실패 {sum(w.outcome == 'failed' for (s, a), w in expected.items() if a == assignment)}" in \
            result.stdout


def test_gradebook_is_complete_after_two_workers(graded):
    course, expected, _ = graded
    with CourseContext(course).gradebook() as gradebook:
        for assignment in ASSIGNMENTS:
            cells = len(gradebook.find_notebook(assignment, assignment).grade_cells)
            marks = book.merged_fingerprints(gradebook, assignment)
            graded_students = {s for (s, a), w in expected.items() if a == assignment and w.outcome == "graded"}
            assert set(marks) == graded_students
            for submission in gradebook.find_assignment(assignment).submissions:
                grades = [g for nb in submission.notebooks for g in nb.grades]
                assert len(grades) == cells and all(g.auto_score is not None for g in grades)
    rows = gradebook_dump(course)
    assert len(rows) == len(set(map(repr, rows)))  # nothing doubled


def test_hung_cell_times_out_and_the_rest_is_graded(graded):
    _, _, runs = graded
    note = " ".join(table_rows(runs["ch01_handmade_qkv"].stdout)["s04_loop"])
    assert "시간 초과" in note


def test_a_million_printed_lines_are_cut_in_the_autograded_notebook(graded):
    course, _, _ = graded
    notebook = course / "autograded" / "s06_flood" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
    assert notebook.stat().st_size < 200_000


def test_edited_and_deleted_test_cells_are_graded_from_the_originals(graded):
    course, expected, _ = graded
    for student in ("s07_deleted_test", "s08_edited_test"):
        for assignment in ASSIGNMENTS:
            last_test = expected[(student, assignment)].last_test
            notebook = json.loads((course / "autograded" / student / assignment / f"{assignment}.ipynb").read_text())
            cell = next(c for c in notebook["cells"]
                        if c["metadata"].get("nbgrader", {}).get("grade_id") == last_test)
            original = next(c for c in json.loads((course / "release" / assignment / f"{assignment}.ipynb").read_text())
                            ["cells"] if c["metadata"].get("nbgrader", {}).get("grade_id") == last_test)
            # the visible part as released; the hidden block is run by the checker, never shown or kept
            assert "".join(original["source"]).strip() in "".join(cell["source"])
            assert "HIDDEN TESTS" not in "".join(cell["source"])


def test_tampering_and_locked_cell_edits_are_listed_for_review(graded):
    _, expected, runs = graded
    for assignment in ASSIGNMENTS:
        out = runs[assignment].stdout
        for (student, a), want in expected.items():
            if a == assignment and want.flag:
                assert any(student in line and (want.flag in line or want.flag in section)
                           for section, line in _sections(out)), (student, want.flag, out)
    assert "torch.allclose" in runs["ch01_handmade_qkv"].stdout


def _sections(text: str):
    section = ""
    for line in text.splitlines():
        if line and not line.startswith(" "):
            section = line
        yield section, line


def test_running_again_skips_unchanged_submissions_and_changes_nothing(graded):
    course, expected, _ = graded
    before = gradebook_dump(course)
    result = run(grade_command(course, "ch02_scaling"))
    rows = table_rows(result.stdout)
    for (student, assignment), want in expected.items():
        if assignment == "ch02_scaling":
            assert rows[student][0] == ("변경 없음" if want.outcome == "graded" else "실패"), rows[student]
    assert gradebook_dump(course) == before
    assert result.returncode == 1


# ---------------------------------------------------------------- feedback, export, report
def test_feedback_shows_korean_messages_and_no_hidden_test(graded):
    course, expected, _ = graded
    result = run([sys.executable, "-m", "autograder", "feedback", "ch01_handmade_qkv", "--root", str(course)])
    assert result.returncode == 0, result.stderr
    graded_students = [s for (s, a), w in expected.items() if a == "ch01_handmade_qkv" and w.outcome == "graded"]
    pages = {s: (course / "feedback" / s / "ch01_handmade_qkv" / "ch01_handmade_qkv.html").read_text()
             for s in graded_students}
    for student, page in pages.items():
        assert "HIDDEN TESTS" not in page and "reload(helpers.grading)" not in page, student
        assert "자동 채점 결과" in page
    assert "[진단: self_attention/mismatch]" in pages["s02_partly"]
    assert "[진단: dot_scores/not_implemented]" in pages["s03_unfilled"]


def test_export_writes_every_graded_score(graded):
    course, expected, _ = graded
    target = course / "out" / "grades.csv"
    result = run([sys.executable, "-m", "autograder", "export", "--root", str(course), "--to", str(target)])
    assert result.returncode == 0, result.stderr
    rows = {(r["assignment"], r["student_id"]): float(r["score"])
            for r in csv.DictReader(io.StringIO(target.read_text(encoding="utf-8")))}
    for (student, assignment), want in expected.items():
        if want.outcome == "graded":
            assert rows[(assignment, student)] == want.score
    assert "s11_corrupt" in result.stderr  # the failed ones are named, not silently zero


@pytest.mark.parametrize("assignment", list(FIRST_EXERCISE))
def test_report_counts_the_class_failures(graded, assignment):
    course, expected, _ = graded
    result = run([sys.executable, "-m", "autograder", "report", assignment, "--root", str(course)])
    assert result.returncode == 0, result.stderr
    folder = course / "reports" / assignment
    data = json.loads((folder / "report.json").read_text())
    page = (folder / "index.html").read_text()
    mine = {s: w for (s, a), w in expected.items() if a == assignment}
    last = mine["s01_correct"].last_test.removeprefix("test_")
    makes = [w.make for w in mine.values() if w.outcome == "graded"]
    counts = failure_counts(data)
    # the checker judges outside the kernel: a replaced torch.allclose there changes nothing, the answer's own
    # mistake is named; a function whose cell never ran is one the kernel does not have
    assert counts[f"{last}/mismatch"] == sum(m in {"partly", "deleted_test", "edited_test", "tamper"} for m in makes)
    assert counts[f"{last}/tampered"] == 0
    assert counts[f"{last}/not_callable"] == makes.count("loop")
    assert counts[f"{FIRST_EXERCISE[assignment]}/not_implemented"] == makes.count("unfilled")
    assert data["graded"] == len(makes)
    assert sorted(u["student"] for u in data["ungraded"]) == sorted(s for s, w in mine.items() if w.outcome == "failed")
    assert {(f["student"], f["kind"]) for f in data["findings"]} == {(s, w.flag) for s, w in mine.items() if w.flag}
    for test_cell in data["test_cells"]:
        want = sum(1 for w in mine.values() if w.outcome == "graded"
                   and not (w.make == "unfilled" or test_cell["grade_id"] == w.failing_test))
        assert test_cell["passed"] == want, test_cell
    assert "data:image/png;base64," in page and (folder / "scores.png").is_file()
    assert f"{last}/mismatch" in page
    assert all(student in page for student, w in mine.items() if w.outcome == "failed")  # s05_exit in ch01
    assert all(w.flag in page for w in mine.values() if w.flag)  # 변조 의심 in ch01


def test_a_composite_on_a_wrong_part_keeps_its_points_and_the_part_is_counted_once(graded):
    course, _, _ = graded  # its score (all but layer_norm's points) is checked with everyone's
    result = run([sys.executable, "-m", "autograder", "feedback", "ch06_encoder_block", "--root", str(course),
                  "--student", "s13_wrong_part"])
    assert result.returncode == 0, result.stderr
    page = (course / "feedback" / "s13_wrong_part" / "ch06_encoder_block" / "ch06_encoder_block.html").read_text()
    assert "[부품: encoder_layer → layer_norm/unbiased_variance]" in page
    result = run([sys.executable, "-m", "autograder", "report", "ch06_encoder_block", "--root", str(course)])
    assert result.returncode == 0, result.stderr
    data = json.loads((course / "reports" / "ch06_encoder_block" / "report.json").read_text())
    codes = {entry["code"]: entry["students"] for entries in data["failures"].values() for entry in entries}
    assert codes["layer_norm/unbiased_variance"] == ["s13_wrong_part"]
    assert not [code for code, students in codes.items() if "s13_wrong_part" in students
                and not code.startswith("layer_norm/")]


# ---------------------------------------------------------------- interrupted, resumed
def _merged(course: Path, assignment: str) -> int:
    status = course / "autograded" / ".autograder" / f"{assignment}.json"
    try:
        return sum(e.get("outcome") == "graded" for e in json.loads(status.read_text())["students"].values())
    except (OSError, ValueError, KeyError):
        return 0


def _descendants(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


def _alive(process) -> bool:
    import psutil

    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def test_interrupted_runs_resume_to_the_uninterrupted_gradebook(graded, tmp_path, request):
    reference_course, expected, _ = graded
    assignment = "ch02_scaling"
    course = a_class_of(reference_course, tmp_path, assignment)
    gradebook_like(reference_course, course, request)
    command = grade_command(course, assignment)

    # 1. killed outright (power cut, closed laptop) after the first student is merged
    first = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: _merged(course, assignment) >= 1, what="a first merged student")
    helpers = _descendants(first.pid)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=60)
    wait_for(lambda: not any(_alive(p) for p in helpers), timeout=30,
              what="workers and kernels to end with their parent")
    after_kill = _merged(course, assignment)

    # while a run holds the assignment's lock, a second grade command is refused at once
    with open(course / "autograded" / ".autograder" / f"{assignment}.lock", "a+") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        refused = run(command)
    assert refused.returncode == 2 and "다른 grade 명령" in refused.stderr

    # 2. Ctrl-C after one more student, while a reader keeps reading the gradebook (as formgrader
    #    would) without ever finding it locked
    second = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    errors, stop = [], threading.Event()

    def read_gradebook():
        while not stop.is_set():
            try:
                gradebook_scores(course, assignment)
            except Exception as error:  # noqa: BLE001 - any error is the finding
                errors.append(error)
            time.sleep(0.1)

    reader = threading.Thread(target=read_gradebook)
    reader.start()
    try:
        wait_for(lambda: _merged(course, assignment) > after_kill or second.poll() is not None,
                  what="one more merged student")
        second.send_signal(signal.SIGINT)
        out, err = second.communicate(timeout=120)
    finally:
        stop.set()
        reader.join()
    assert not errors, errors
    stopped_rows = table_rows(out)
    if any(row[0] == "중단" for row in stopped_rows.values()):  # stopped: what was left is listed as 중단
        assert second.returncode == 130, out + err
    else:  # every student was done before the Ctrl-C arrived (it may land while the process exits)
        assert all(row[0] in {"채점", "변경 없음"} for row in stopped_rows.values()), out
        assert second.returncode in {0, 130, -signal.SIGINT}, out + err

    # every student is either completely in the gradebook or not at all
    with CourseContext(course).gradebook() as gradebook:
        marks = book.merged_fingerprints(gradebook, assignment)
        for submission in gradebook.find_assignment(assignment).submissions:
            assert all(g.auto_score is not None for nb in submission.notebooks for g in nb.grades)
    assert 1 <= len(marks) <= len(RESUMED)

    # 3. run again: only what is left is graded
    final = run(command)
    rows = table_rows(final.stdout)
    assert sorted(s for s, r in rows.items() if r[0] == "변경 없음") == sorted(marks)
    assert all(r[0] in {"변경 없음", "채점"} for r in rows.values()), final.stdout
    assert final.returncode == 0, final.stdout + final.stderr
    assert gradebook_dump(course) == gradebook_dump(reference_course, RESUMED, assignment)


# ---------------------------------------------------------------- a gradebook on a PostgreSQL server
def _advisory_locks(url: str) -> int:
    with psycopg.connect(url) as connection:
        return connection.execute("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted "
                                  "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                                  ).fetchone()[0]


@pytest.mark.parametrize("graded", ["postgresql"], indirect=True)
def test_a_grader_on_another_machine_is_refused_while_a_run_holds_the_assignment_and_not_once_it_is_killed(
        graded, tmp_path, postgres):
    reference_course, _, _ = graded
    assignment = "ch02_scaling"
    first, second = (a_class_of(reference_course, tmp_path / name, assignment) for name in ("first", "second"))
    url = postgres.create_database(f"class_{next(DATABASES)}")  # one gradebook, two course folders (machines)
    running = subprocess.Popen(grade_command(first, assignment, "--db-url", url), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(lambda: _advisory_locks(url) == 1 or running.poll() is not None, what="the run's lock")
        running.send_signal(signal.SIGSTOP)  # it holds the assignment for as long as the second one tries
        assert running.poll() is None, running.communicate()
        refused = run(grade_command(second, assignment, "--db-url", url))
        assert refused.returncode == 2, refused.stdout + refused.stderr
        assert "다른 grade 명령이 이미 이 과제를 채점하고 있습니다 (성적부 서버의 잠금" in refused.stderr
        assert "잡고 있는 곳: course-grader grade" in refused.stderr
        assert not (second / "autograded" / "s01_correct").exists()
    finally:
        helpers = _descendants(running.pid)
        running.kill()  # killed while holding it (power cut): the server lets the lock go with the connection
        running.communicate(timeout=60)
        wait_for(lambda: not any(_alive(p) for p in helpers), timeout=30, what="the killed run's workers")
    graded_there = run(grade_command(second, assignment, "--db-url", url))
    assert graded_there.returncode == 0, graded_there.stdout + graded_there.stderr
    with CourseContext(second, db_url=url).gradebook() as gradebook:
        assert book.dump(gradebook) == gradebook_dump(reference_course, RESUMED, assignment)


@pytest.mark.parametrize("graded", ["postgresql"], indirect=True)
def test_a_gradebook_server_that_goes_down_mid_run_loses_no_grade_and_the_next_run_merges_the_rest(graded, tmp_path):
    reference_course, _, _ = graded
    assignment = "ch02_scaling"
    server = PostgresServer()  # its own: this one goes down
    try:
        course = a_class_of(reference_course, tmp_path, assignment)
        use_postgres(course, server)
        command = grade_command(course, assignment, "--jobs", "1")
        submitted = {p: p.read_bytes() for p in (course / "submitted").rglob("*") if p.is_file()}
        running = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: _merged(course, assignment) >= 1, what="a first merged student")
        running.send_signal(signal.SIGSTOP)  # between two merges: the grader is held still ...
        server.stop(immediate=True)  # ... while the server crashes
        running.send_signal(signal.SIGCONT)
        out, err = running.communicate(timeout=300)
        assert running.returncode == 2, out + err
        assert "오류: 성적부 서버" in out and "서버가 켜져 있는지" in out and "Traceback" not in out + err
        assert "기록하지 못한 학생만 채점합니다" in out
        rows = table_rows(out)
        said_graded = sorted(student for student, row in rows.items() if row[0] == "채점")
        assert said_graded and all(row[0] in {"채점", "중단"} for row in rows.values()), out
        assert len(said_graded) < len(RESUMED), out

        server.start()  # back, after crash recovery: what the run called graded is there, complete
        with CourseContext(course).gradebook() as gradebook:
            assert sorted(book.merged_fingerprints(gradebook, assignment)) == said_graded
            for submission in gradebook.find_assignment(assignment).submissions:
                assert all(g.auto_score is not None for nb in submission.notebooks for g in nb.grades)
        final = run(command)
        rows = table_rows(final.stdout)
        assert sorted(s for s, r in rows.items() if r[0] == "변경 없음") == said_graded, final.stdout
        assert final.returncode == 0, final.stdout + final.stderr
        assert gradebook_dump(course) == gradebook_dump(reference_course, RESUMED, assignment)
        assert {p: p.read_bytes() for p in (course / "submitted").rglob("*") if p.is_file()} == submitted
    finally:
        server.close()
