"""The class server end to end: `course-grader hub start` on loopback with one instructor and two students.

The instructor releases ch01 through nbgrader's exchange; each student logs in (first-use password), starts
a server, fetches the assignment through the Assignment List's API, fills it (one right, one wrong: the
first student submits twice, the unfilled release and then the right answer) and submits; the instructor
collects, grades with course-grader (sandboxed) into a real PostgreSQL gradebook, makes feedback and
returns it; each student fetches feedback that holds their score and no hidden test. In a real browser a
student logs in, sees the Korean Lab with no formgrader and no news popup, opens the assignment and
presses Validate. The hub, the students' servers, the accounts and the folder are gone afterwards.

Needs root on Linux (the hub makes a system user per student), Node.js with npm (the proxy), PostgreSQL
and Chromium; each test says which is missing when it skips.
"""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import chromium
import psutil
import pytest
import requests
from sample_class.build import expectation, make_notebook

from autograder.course.context import CourseContext, CourseError
from autograder.course.notebook import read_notebook
from autograder.course.state import NO_SANDBOX_NOTE
from autograder.hub import server as classserver

pytestmark = pytest.mark.slow  # a real JupyterHub with accounts and servers
REPO = Path(__file__).resolve().parents[3]
COURSE = CourseContext(REPO).course_id
ASSIGNMENT = "ch01_handmade_qkv"
PASSWORD = "처음-비밀번호-7"
START_TIMEOUT = 900  # seconds: the first start builds the student edition and the students' environment


# ---------------------------------------------------------------- bad input, before anything changes
def _roster(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_roster_with_a_duplicate_id_is_refused_with_both_lines(tmp_path):
    with pytest.raises(CourseError, match=r"학번 s1 이\(가\) 두 번 나옵니다 \(2행, 4행\)"):
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
        pytest.skip("수업 서버는 Linux 의 root 로만 띄웁니다")
    home = tmp_path / "home"
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "autograder", "hub", "start", "--home", str(home),
                               "--roster", str(_roster(tmp_path, "s1\n")), "--instructor", "prof",
                               "--ip", "127.0.0.1", "--port", str(port)],
                              capture_output=True, text=True, cwd=REPO, timeout=120)
    assert done.returncode == 2
    assert f"127.0.0.1:{port} 을(를) 열 수 없습니다" in done.stderr and "--port" in done.stderr, done.stderr
    assert not home.exists()


# ---------------------------------------------------------------- the class server, running
def _missing_for_a_hub() -> str | None:
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return "수업 서버는 Linux 의 root 로만 띄웁니다 (학생마다 시스템 계정을 만듭니다)"
    if not (shutil.which("node") and shutil.which("npm")) and not shutil.which("configurable-http-proxy"):
        return "Node.js 와 npm 이 없습니다: `apt-get install nodejs npm`"
    return None


def _account_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class ClassServer:
    """A running `course-grader hub start` and what the test made for it."""

    home: Path
    roster: Path
    students: list[str]
    instructor: str
    port: int
    process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def course_root(self) -> Path:
        return self.home / "course"

    def start(self, *options: str) -> None:
        """Start the hub (again) and wait until it answers; its output goes to <home>/hub.log."""
        log = self.home / "hub.log"
        with open(log, "ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "autograder", "hub", "start", "--home", str(self.home), "--roster",
                 str(self.roster), "--instructor", self.instructor, "--ip", "127.0.0.1", "--port", str(self.port),
                 *options], cwd=REPO, stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
        _wait_for_hub(self.base, self.process, log)

    def stop(self) -> None:
        """SIGTERM, as a service manager stops it: the hub stops the students' servers, the service, the proxy."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=90)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


@pytest.fixture(scope="module")
def class_server(postgres):
    """The running class server; afterwards the hub, every server it started, the accounts it made, its
    folder and its database are gone (checked)."""
    missing = _missing_for_a_hub()
    if missing:
        pytest.skip(missing)
    tag = secrets.token_hex(3)
    students, instructor = [f"hub{tag}a", f"hub{tag}b"], f"hub{tag}t"
    grader = classserver.grader_account(COURSE)
    accounts = [*students, instructor] + ([] if _account_exists(grader) else [grader])
    home = Path(tempfile.mkdtemp(prefix="course-hub-"))
    home.chmod(0o755)  # the students' servers run from <home>/edition/.venv
    roster = home / "roster.csv"
    roster.write_text("학번,이름\n" + "\n".join(f"{s},학생{i}" for i, s in enumerate(students, 1)) + "\n",
                      encoding="utf-8")
    server = ClassServer(home, roster, students, instructor, _free_port())
    try:
        server.start("--db-url", postgres.create_database(f"hub_{tag}"))
        yield server
    finally:
        server.stop()
        left = _still_running(accounts)
        for account in accounts:
            subprocess.run(["pkill", "-KILL", "-u", account], check=False)
        for account in accounts:
            if _account_exists(account):
                subprocess.run(["userdel", "--remove", account], check=False, capture_output=True)
                subprocess.run(["groupdel", account], check=False, capture_output=True)
        shutil.rmtree(home, ignore_errors=True)
        postgres.drop_database(f"hub_{tag}")
        assert not left, f"processes left running as {left}"
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", server.port)) != 0, "the proxy still answers"


def _still_running(accounts: list[str], grace: float = 20) -> list[str]:
    """The accounts that still have a live process once `grace` seconds have passed (exited ones that
    nobody has reaped yet do not count)."""
    uids = {pwd.getpwnam(account).pw_uid: account for account in accounts if _account_exists(account)}
    deadline = time.monotonic() + grace
    while True:
        running = sorted({uids[p.info["uids"].real] for p in psutil.process_iter(["uids", "status"]) if p.info["uids"]
                          and p.info["uids"].real in uids and p.info["status"] != psutil.STATUS_ZOMBIE})
        if not running or time.monotonic() > deadline:
            return running
        time.sleep(0.5)


def _wait_for_hub(base: str, hub: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            raise AssertionError(f"the hub stopped with code {hub.returncode}:\n{log.read_text()[-3000:]}")
        try:
            if requests.get(f"{base}/hub/health", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(1)
    raise AssertionError(f"the hub did not answer in {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


class Student:
    """One student's browser session reduced to its HTTP calls: log in, start the server, use the
    Assignment List's API (what its buttons call) and the contents API (what saving a notebook calls)."""

    def __init__(self, base: str, name: str):
        self.base, self.name = base, name
        self.session = requests.Session()

    def log_in(self, password: str = PASSWORD) -> None:
        self.session.get(f"{self.base}/hub/login", timeout=30)
        form = {"username": self.name, "password": password, "_xsrf": self.session.cookies.get("_xsrf")}
        answer = self.session.post(f"{self.base}/hub/login", data=form, allow_redirects=False, timeout=30)
        assert answer.status_code == 302, answer.text[-500:]
        self.session.get(f"{self.base}/hub/home", timeout=30)
        xsrf = [cookie.value for cookie in self.session.cookies if cookie.name == "_xsrf"][-1]
        made = self.session.post(f"{self.base}/hub/api/users/{self.name}/tokens", headers={"X-XSRFToken": xsrf},
                                 json={"note": "test", "expires_in": 3600}, timeout=30)
        assert made.status_code == 201, made.text
        self.headers = {"Authorization": f"token {made.json()['token']}"}

    def start_server(self, timeout: float = 240) -> None:
        started = requests.post(f"{self.base}/hub/api/users/{self.name}/server", headers=self.headers, timeout=30)
        assert started.status_code in (201, 202, 400), started.text  # 400: already running
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            user = requests.get(f"{self.base}/hub/api/users/{self.name}", headers=self.headers, timeout=30).json()
            if user["servers"].get("", {}).get("ready"):
                return
            time.sleep(1)
        raise AssertionError(f"{self.name}'s server did not start in {timeout:g} s")

    def call(self, method: str, path: str, **options) -> requests.Response:
        answer = requests.request(method, f"{self.base}/user/{self.name}/{path}", headers=self.headers,
                                  timeout=300, **options)
        assert answer.status_code < 400, f"{method} {path}: {answer.status_code} {answer.text[-800:]}"
        return answer

    def assignments(self, action: str = "") -> list[dict]:
        """The Assignment List's view of the course, after `action` (fetch, submit, fetch_feedback)."""
        if action:
            answer = self.call("POST", f"assignments/{action}", data={"course_id": COURSE, "assignment_id": ASSIGNMENT})
        else:
            answer = self.call("GET", "assignments", params={"course_id": COURSE})
        listing = answer.json()
        assert listing["success"], listing
        return listing["value"]

    def read(self, path: str) -> dict:
        return self.call("GET", f"api/contents/{path}", params={"content": "1"}).json()

    def save_notebook(self, path: str, notebook: dict) -> None:
        self.call("PUT", f"api/contents/{path}", json={"type": "notebook", "format": "json", "content": notebook})


def _grader(server: ClassServer, *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done


def _as_account(name: str, *command: str) -> subprocess.CompletedProcess:
    """`command` run as the account `name` in its home with the students' environment, as its terminal would."""
    account = pwd.getpwnam(name)
    return subprocess.run(["setpriv", f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}", "--init-groups",
                           *command], capture_output=True, text=True, cwd=account.pw_dir, timeout=300,
                          env={"HOME": account.pw_dir, "USER": name, "LANG": "C.UTF-8", "PATH": os.environ["PATH"]})


NOTEBOOK = f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb"


@pytest.fixture(scope="module")
def graded_class(class_server):
    """Release → fetch → fill → submit (twice for the first student) → collect → grade → feedback → return;
    (server, {student: what grading must conclude})."""
    server = class_server
    _grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    source = read_notebook(REPO / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
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
    _grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
    grading = _grader(server, "grade", ASSIGNMENT, "--root", str(server.course_root), "--jobs", "2", "--timeout", "60")
    _grader(server, "feedback", ASSIGNMENT, "--root", str(server.course_root))
    _grader(server, "hub", "return", ASSIGNMENT, "--home", str(server.home))
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
        assert "HIDDEN TESTS" not in page and not [line for line in hidden if line in page], student


def _hidden_test_lines() -> list[str]:
    """The code lines of the source's hidden tests that a feedback page must never show."""
    source = read_notebook(REPO / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
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
    done = _as_account(student, str(nbgrader), "fetch_assignment", "ch99_never", "--course", COURSE)
    assert done.returncode != 0
    assert "ch99_never" in done.stdout + done.stderr and ASSIGNMENT in done.stdout + done.stderr
    assert not (home / "ch99_never").exists()
    assert sorted(str(p.relative_to(home)) for p in (home / ASSIGNMENT).rglob("*")) == before


def test_students_cannot_read_each_other_or_the_course_folder(class_server):
    first, second = class_server.students
    other_home = pwd.getpwnam(second).pw_dir
    for target in (other_home, str(class_server.course_root / "source")):
        done = _as_account(first, "ls", target)
        assert done.returncode != 0 and "Permission denied" in done.stderr, (target, done.stdout)


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
        page = browser.new_page(viewport={"width": 1400, "height": 900})
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
        assert requests.get(f"{server.base}/user/{student}/formgrader", cookies=cookies, timeout=30,
                            allow_redirects=False).status_code == 404
        page.goto(f"{server.base}/user/{student}/lab/tree/{NOTEBOOK}")
        page.locator(".validate-button").first.click(timeout=240_000)
        dialog = page.locator(".jp-Dialog .validation-failed")
        dialog.wait_for(timeout=300_000)
        page.screenshot(path=str(tmp_path / "hub_validate.png"))
        text = " ".join(dialog.inner_text().split())
        browser.close()
    assert "[진단: self_attention/" in text, text[:1500]
