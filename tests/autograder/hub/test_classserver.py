"""The class server end to end: `course-grader hub start` on loopback with one instructor and two students.

The instructor releases ch01 through nbgrader's exchange; each student logs in (the one-time code `hub start`
wrote, and a new password), starts a server, fetches the assignment through the Assignment List's API, fills it
(one right, one wrong: the first student submits twice, the unfilled release and then the right answer) and
submits; the instructor collects, grades with course-grader (sandboxed) into a real PostgreSQL gradebook, makes
feedback and returns it; each student fetches feedback that holds their score and no hidden test. In a real browser a
student logs in, sees the Korean Lab with no formgrader and no news popup, opens the assignment and
presses Validate. The hub, the students' servers, the accounts and the folder are gone afterwards.

Needs root on Linux (the hub makes a system user per student), Node.js with npm (the proxy), PostgreSQL
and Chromium; each test says which is missing when it skips.
"""

from __future__ import annotations

import html
import os
import pwd
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import chromium
import pytest
import requests
from hub_testing import ASSIGNMENT, COURSE, NOTEBOOK, PASSWORD, ROOT, Student, as_account, run_grader
from sample_class.build import expectation, make_notebook

from autograder.course.context import CourseContext, CourseError
from autograder.course.notebook import read_notebook
from autograder.course.state import NO_SANDBOX_NOTE
from autograder.hub import server as classserver
from helpers.korean import Particle, attach

pytestmark = pytest.mark.slow  # a real JupyterHub with accounts and servers


# ---------------------------------------------------------------- bad input, before anything changes
def _roster(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_roster_with_a_duplicate_id_is_refused_with_both_lines(tmp_path):
    with pytest.raises(CourseError, match=r"학번 s1이 두 번 나옵니다 \(2행, 4행\)"):
        classserver.account_names(_roster(tmp_path, "학번\ns1\ns2\ns1\n"), ["prof"], COURSE)


def test_roster_with_malformed_ids_names_every_one_and_changes_nothing(tmp_path):
    roster = _roster(tmp_path, "학번,이름\nKim Lee,김\n학생3,박\n" + "a" * 33 + ",최\nok-1,정\n")
    with pytest.raises(CourseError) as refused:
        classserver.account_names(roster, ["prof"], COURSE)
    message = str(refused.value)
    assert "아무것도 바꾸지 않았습니다" in message
    assert all(f"{line}행" in message for line in (2, 3, 4)) and "5행" not in message, message


def test_roster_cannot_name_a_system_account_or_the_grader(tmp_path):
    roster = _roster(tmp_path, f"root\n{classserver.grader_account(COURSE)}\nstudent1\n")
    with pytest.raises(CourseError) as refused:
        classserver.account_names(roster, ["prof"], COURSE)
    assert "'root'" in str(refused.value) and classserver.grader_account(COURSE) in str(refused.value)


def test_instructor_is_required_and_not_a_student(tmp_path):
    roster = _roster(tmp_path, "s1\ns2\n")
    with pytest.raises(CourseError, match="강사 계정이 없습니다"):
        classserver.account_names(roster, [], COURSE)
    with pytest.raises(CourseError, match="학생 명단에도 있습니다"):
        classserver.account_names(roster, ["s2"], COURSE)
    assert classserver.account_names(roster, ["prof"], COURSE) == (["s1", "s2"], ["prof"])


def test_hub_that_cannot_bind_its_port_says_so_and_makes_nothing(tmp_path):
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("수업 서버는 Linux의 root 로만 띄웁니다")
    home = tmp_path / "home"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "autograder", "hub", "start", "--home", str(home),
                               "--roster", str(_roster(tmp_path, "s1\n")), "--instructor", "prof",
                               "--ip", "127.0.0.1", "--port", str(port), "--host", "hub.localhost",
                               "--tls-in-front"],
                              capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert f"127.0.0.1:{attach(port, Particle.OBJECT)} 열 수 없습니다" in done.stderr, done.stderr
    assert "--port" in done.stderr, done.stderr
    assert not home.exists()


# ---------------------------------------------------------------- the class server, running
@pytest.fixture(scope="module")
def graded_class(class_server):
    """Release → fetch → fill → submit (twice for the first student) → collect → grade → feedback → return;
    (server, {student: what grading must conclude})."""
    server = class_server
    run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    source = read_notebook(ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    expected = {}
    for student, kind, expect in zip(server.students, ("correct", "partly"), ("full", "last_wrong"), strict=True):
        client = Student(server.base, student)
        client.log_in()
        client.start_server()
        released = client.assignments()
        assert [(a["assignment_id"], a["status"]) for a in released] == [(ASSIGNMENT, "released")]
        client.assignments("fetch")
        fetched = client.read(NOTEBOOK)["content"]
        if kind == "correct":  # first the unfilled release, then the right answers: the latest counts
            client.assignments("submit")
            time.sleep(1.1)  # nbgrader's submission timestamps are to the second in the folder name
        client.save_notebook(NOTEBOOK, make_notebook(kind, source, fetched))
        listing = client.assignments("submit")
        submitted = [s for a in listing if a["status"] == "submitted" for s in a["submissions"]]
        assert len(submitted) == (2 if kind == "correct" else 1), listing
        expected[student] = expectation(student, ASSIGNMENT, {"make": kind, "expect": expect}, fetched)
    run_grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
    grading = run_grader(server, "grade", ASSIGNMENT, "--root", str(server.course_root), "--jobs", "2",
                         "--timeout", "60")
    run_grader(server, "feedback", ASSIGNMENT, "--root", str(server.course_root))
    run_grader(server, "hub", "return", ASSIGNMENT, "--home", str(server.home))
    return server, expected, grading.stdout


def test_postgres_gradebook_holds_each_students_score(graded_class):
    server, expected, closing_table = graded_class
    assert NO_SANDBOX_NOTE not in closing_table, closing_table
    context = CourseContext(server.course_root)
    assert context.db_url.startswith("postgresql+psycopg://")
    with context.gradebook() as gradebook:
        scores = {s: gradebook.find_submission(ASSIGNMENT, s).score for s in server.students}
    assert scores == {s: want.score for s, want in expected.items()}
    assert scores[server.students[0]] > scores[server.students[1]]


def test_students_fetch_feedback_with_their_score_and_no_hidden_test(graded_class):
    server, expected, _ = graded_class
    hidden = _hidden_test_lines()
    for student in server.students:
        client = Student(server.base, student)
        client.log_in()
        listing = client.assignments("fetch_feedback")
        submissions = [s for a in listing if a["status"] == "submitted" for s in a["submissions"]]
        assert any(s["has_local_feedback"] for s in submissions), listing
        folder = client.read(f"{ASSIGNMENT}/feedback")["content"]
        assert len(folder) == 1, folder  # the feedback of the latest submission only
        page = client.read(f"{ASSIGNMENT}/feedback/{folder[0]['name']}/{ASSIGNMENT}.html")["content"]
        want = expected[student]
        assert f"{want.score:g} / {want.max_score:g}" in page or f"{want.score} / {want.max_score}" in page, student
        shown = html.unescape(re.sub(r"<[^>]+>", "", page))  # the page's text: highlighting splits code into spans
        assert "HIDDEN TESTS" not in shown and not [line for line in hidden if line in shown], student


def _hidden_test_lines() -> list[str]:
    """The code lines of the source's hidden tests that a feedback page must never show."""
    source = read_notebook(ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    lines = []
    for cell in source["cells"]:
        text = "".join(cell["source"])
        if "BEGIN HIDDEN TESTS" in text:
            inside = text.split("BEGIN HIDDEN TESTS", 1)[1].split("END HIDDEN TESTS", 1)[0]
            lines += [line.strip() for line in inside.splitlines()[1:] if len(line.strip()) > 12]
    assert lines, "the source has hidden tests"
    return lines


def test_fetching_an_assignment_never_released_says_so_and_changes_nothing(graded_class):
    server, _, _ = graded_class
    student = server.students[1]
    home = Path(pwd.getpwnam(student).pw_dir)
    before = sorted(str(p.relative_to(home)) for p in (home / ASSIGNMENT).rglob("*"))
    nbgrader = server.home / "edition" / ".venv" / "bin" / "nbgrader"
    done = as_account(student, str(nbgrader), "fetch_assignment", "ch99_never", "--course", COURSE)
    assert done.returncode != 0
    assert "ch99_never" in done.stdout + done.stderr and ASSIGNMENT in done.stdout + done.stderr
    assert not (home / "ch99_never").exists()
    assert sorted(str(p.relative_to(home)) for p in (home / ASSIGNMENT).rglob("*")) == before


def test_students_cannot_read_each_other_or_the_course_folder(class_server):
    first, second = class_server.students
    other_home = pwd.getpwnam(second).pw_dir
    for target in (other_home, str(class_server.course_root / "source")):
        done = as_account(first, "ls", target)
        assert done.returncode != 0 and "Permission denied" in done.stderr, (target, done.stdout)


def test_a_students_validate_gives_each_cell_the_courses_time_not_nbgraders_default(class_server):
    course_timeout = CourseContext(ROOT).config.Execute.timeout
    read = ("from nbgrader.server_extensions.validate_assignment.handlers import ValidateAssignmentHandler\n"
            "print(ValidateAssignmentHandler.load_config(None).Execute.timeout)")  # what Validate's handler reads
    done = as_account(class_server.students[0], str(class_server.home / "edition" / ".venv" / "bin" / "python"),
                      "-c", read)
    assert done.returncode == 0, done.stderr
    assert course_timeout != 30 and done.stdout.split() == [str(course_timeout)]


def test_a_restart_without_db_url_keeps_the_gradebook_the_accounts_and_their_passwords(graded_class):
    server, expected, _ = graded_class
    server.stop()
    server.start()  # no --db-url this time
    context = CourseContext(server.course_root)
    assert context.db_url.startswith("postgresql+psycopg://"), context.db_url
    with context.gradebook() as gradebook:
        assert {s: gradebook.find_submission(ASSIGNMENT, s).score for s in server.students} == \
            {s: want.score for s, want in expected.items()}
    client = Student(server.base, server.students[1])
    client.log_in()  # the password set at first login still holds
    client.start_server()
    assert "submitted" in [a["status"] for a in client.assignments()]  # their work is still there
    intruder = requests.Session()
    intruder.get(f"{server.base}/hub/login", timeout=30)
    refused = intruder.post(f"{server.base}/hub/login", allow_redirects=False, timeout=30, data={
        "username": server.students[1], "password": "다른-비밀번호-9", "_xsrf": intruder.cookies.get("_xsrf")})
    assert refused.status_code != 302, "a wrong password opened the account"


# ---------------------------------------------------------------- in a real browser
def test_student_logs_in_to_a_korean_student_lab_and_validates(graded_class, tmp_path):
    chromium.skip_without_chromium()
    from playwright.sync_api import sync_playwright

    server, _, _ = graded_class
    student = server.students[1]
    with sync_playwright() as playwright:
        browser = chromium.launch(playwright)
        page = browser.new_page(viewport={"width": 1400, "height": 900}, ignore_https_errors=True)
        page.goto(f"{server.base}/hub/login")
        page.fill("#username_input", student)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.locator(".lm-MenuBar-itemLabel").first.wait_for(timeout=240_000)
        page.wait_for_timeout(5_000)  # the news question, if any, shows as a toast shortly after the Lab loads
        page.screenshot(path=str(tmp_path / "hub_student_lab.png"))
        assert chromium.KOREAN_MENUS <= set(chromium.menu_bar(page)), chromium.menu_bar(page)
        assert chromium.nbgrader_menu(page) == ["Assignment List"]
        assert chromium.toasts(page) == []
        cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
        assert requests.get(f"{server.user_server(student)}formgrader", cookies=cookies, timeout=30,
                            allow_redirects=False).status_code == 404
        page.goto(f"{server.user_server(student)}lab/tree/{NOTEBOOK}")
        page.locator(".course-validate-button:visible").first.click(timeout=240_000)  # the course's, not nbgrader's
        dialog = page.locator(".jp-Dialog .course-validation-failed")
        dialog.wait_for(timeout=300_000)
        page.screenshot(path=str(tmp_path / "hub_validate.png"))
        text = " ".join(dialog.inner_text().split())
        browser.close()
    assert "[진단: self_attention/" in text, text[:1500]


# ---------------------------------------------------------------- root grades the grader's course (issue 32, item 5)
def _course_grader(server, *args: str) -> subprocess.CompletedProcess:
    """`sudo course-grader …` as the README runs it, whatever it answers."""
    return subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=900)


def test_root_runs_no_configuration_the_grader_account_wrote(graded_class):
    server, _, _ = graded_class
    grader, root = classserver.grader_account(COURSE), server.course_root
    config = root / "nbgrader_config.py"
    marker = server.home / "hub" / "grader-code-ran-as-root"
    payload = f"\nopen({str(marker)!r}, 'w').write('uid 0')\n"
    rewrite = ["sh", "-c", f"printf %s {shlex.quote(payload)} >> {config}"]
    # the layout hub start makes: the grader account can neither change the configuration nor put its own in place
    assert as_account(grader, *rewrite).returncode != 0
    assert as_account(grader, "mv", str(config), str(root / "mine.py")).returncode != 0
    assert as_account(grader, "mkdir", str(root / "autograded" / "planted")).returncode != 0
    original = config.read_bytes()
    try:  # a folder left from before (the grader owned the whole course): its code is refused, not run
        os.chown(config, pwd.getpwnam(grader).pw_uid, -1)
        assert as_account(grader, *rewrite).returncode == 0
        refused = _course_grader(server, "grade", ASSIGNMENT, "--root", str(root), "--force")
        assert not marker.exists(), "the grader's configuration ran as root"
        assert refused.returncode == 2 and "chown root:root" in refused.stderr and str(config) in refused.stderr, \
            refused.stderr[-2000:]
    finally:
        config.write_bytes(original)
        os.chown(config, 0, 0)


def test_root_reads_no_link_the_grader_account_put_in_a_submission(graded_class):
    server, _, _ = graded_class
    grader, root, first = classserver.grader_account(COURSE), server.course_root, server.students[0]
    codes = server.home / "hub" / "login-codes.csv"  # a file only root may read
    planted = root / "submitted" / first / ASSIGNMENT / "notes.txt"
    assert as_account(grader, "ln", "-s", str(codes), str(planted)).returncode == 0
    try:
        grading = _course_grader(server, "grade", ASSIGNMENT, "--root", str(root), "--force", "--student", first,
                                 "--timeout", "60")
        code = codes.read_text(encoding="utf-8").splitlines()[-1].rsplit(",", 1)[1]
        assert not [path for path in (root / "autograded").rglob("*")
                    if path.is_file() and code in path.read_text(encoding="utf-8", errors="replace")]
        said = grading.stdout + grading.stderr
        assert f"{attach(planted, Particle.SUBJECT)} 심볼릭 링크입니다" in said, said[-2000:]
    finally:
        planted.unlink()


def test_root_writes_no_result_through_a_link_the_grader_account_planted(graded_class):
    server, _, _ = graded_class
    grader, root, student = classserver.grader_account(COURSE), server.course_root, server.students[1]
    outside = server.home / "hub" / "root-only"  # where a link of the grader's would send root's writes
    outside.mkdir(mode=0o700)
    autograded, feedback = root / "autograded" / student, root / "feedback" / student
    os.chown(autograded, pwd.getpwnam(grader).pw_uid, -1)  # as the older layout left it: the grader's folder
    try:
        assert as_account(grader, "mv", str(feedback), str(root / "feedback" / "moved")).returncode == 0
        assert as_account(grader, "ln", "-s", str(outside), str(feedback)).returncode == 0
        feedback_run = _course_grader(server, "feedback", ASSIGNMENT, "--root", str(root), "--student", student)
        assert list(outside.iterdir()) == [], "root wrote feedback through the grader's link"
        said = feedback_run.stdout + feedback_run.stderr
        assert f"{attach(feedback, Particle.SUBJECT)} 심볼릭 링크입니다" in said, said[-2000:]

        assert as_account(grader, "mv", str(autograded / ASSIGNMENT), str(autograded / "moved")).returncode == 0
        assert as_account(grader, "ln", "-s", str(outside), str(autograded / ASSIGNMENT)).returncode == 0
        grading = _course_grader(server, "grade", ASSIGNMENT, "--root", str(root), "--force", "--student", student,
                                 "--timeout", "60")
        assert list(outside.iterdir()) == [], "root wrote the graded notebook through the grader's link"
        said = grading.stdout + grading.stderr
        assert f"{attach(autograded / ASSIGNMENT, Particle.SUBJECT)} 심볼릭 링크입니다" in said, said[-2000:]
    finally:
        for link, moved in ((autograded / ASSIGNMENT, autograded / "moved"), (feedback, root / "feedback" / "moved")):
            if link.is_symlink():
                link.unlink()
            if moved.exists():
                moved.rename(link)
        os.chown(autograded, 0, -1)
        shutil.rmtree(outside)
