"""The class server's exchange knows who submitted, and when (autograder/hub/exchange.py, issue 32 item 1).

Fast tests: the module's decisions on real folders owned by real accounts (made here, removed afterwards), and
real `nbgrader collect` / `release_assignment` runs on a course folder with the server's nbgrader settings.
Slow red team: hostile students on the real class server (`course-grader hub start`), as they did it against
nbgrader 0.9.6's own exchange: a folder planted in a classmate's name with a later timestamp, a symbolic link
into the course's source/, removing or renaming a classmate's entry, reading inbound, and editing a submission
after submitting it.
"""

from __future__ import annotations

import datetime
import html
import os
import pwd
import re
import secrets
import stat
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from hub_testing import ASSIGNMENT, COURSE, NOTEBOOK, ROOT, Student, as_account, run_grader
from other_account import run_as
from sample_class.build import make_notebook

from autograder.course.context import CourseContext
from autograder.course.notebook import read_notebook
from autograder.hub import exchange
from autograder.hub import server as classserver
from helpers.korean import Particle, attach

LIMITS = exchange.Limits(max_bytes=10_000_000, max_file_bytes=1_000_000)
NBGRADER = Path(sys.executable).with_name("nbgrader")


def _needs_root() -> None:
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        pytest.skip("계정을 만들어야 합니다: Linux의 root 로만 돌립니다")


@pytest.fixture(scope="module")
def accounts():
    """Two students and a grader: real system accounts, removed afterwards."""
    _needs_root()
    tag = secrets.token_hex(3)
    names = {"first": f"exa{tag}", "second": f"exb{tag}", "grader": f"exg{tag}"}
    for name in names.values():
        subprocess.run([*classserver.ADD_USER, name], check=True, capture_output=True)
    yield {role: pwd.getpwnam(name) for role, name in names.items()}
    for name in names.values():
        subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
        subprocess.run(["groupdel", name], check=False, capture_output=True)


def _stamp(offset_days: float = 0) -> str:
    moment = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=offset_days)
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def _entry(inbound: Path, account: pwd.struct_passwd, student: str, files: dict[str, str],
           assignment: str = "a1", offset_days: float = 0) -> Path:
    """An inbound entry as nbgrader's submit writes it (name, files, submission_secret.txt, timestamp.txt), owned
    by `account`."""
    entry = inbound / f"{student}+{assignment}+{_stamp(offset_days)}+{secrets.token_urlsafe(9)}"
    entry.mkdir()
    written = {"submission_secret.txt": secrets.token_hex(64), **files, "timestamp.txt": _stamp(offset_days)}
    for name, text in written.items():
        (entry / name).write_text(text, encoding="utf-8")
    classserver.chown_tree(entry, account.pw_uid, account.pw_gid)
    return entry


@pytest.fixture
def inbound(open_folder):
    folder = open_folder / "inbound"
    folder.mkdir()
    return folder


def _refused(found: exchange.Inbound) -> dict[str, str]:
    return {refusal.entry: refusal.reason for refusal in found.refusals}


# ---------------------------------------------------------------- who: the entry belongs to the student it names
def test_entry_named_for_a_classmate_is_refused_whatever_its_timestamp(accounts, inbound):
    first, second = accounts["first"], accounts["second"]
    honest = _entry(inbound, second, second.pw_name, {"a1.ipynb": "second's own"})
    planted = _entry(inbound, first, second.pw_name, {"a1.ipynb": "blank"}, offset_days=30)
    found = exchange.read_inbound(str(inbound), "a1", LIMITS)
    assert [s.entry for s in found.submissions] == [honest.name]
    assert planted.name in _refused(found)
    assert f"주인: {first.pw_name}" in _refused(found)[planted.name]


@pytest.mark.parametrize("kind", ["symlink", "file", "fifo"])
def test_entry_that_is_not_a_folder_is_refused_and_never_followed(accounts, inbound, tmp_path, kind):
    first = accounts["first"]
    source = tmp_path / "source" / "a1"
    source.mkdir(parents=True)
    (source / "a1.ipynb").write_text("the instructor's solutions", encoding="utf-8")
    entry = inbound / f"{first.pw_name}+a1+{_stamp()}"
    if kind == "symlink":
        entry.symlink_to(source)
    elif kind == "file":
        entry.write_text("x", encoding="utf-8")
    else:
        os.mkfifo(entry)
    os.chown(entry, first.pw_uid, first.pw_gid, follow_symlinks=False)
    found = exchange.read_inbound(str(inbound), "a1", LIMITS)
    assert found.submissions == []
    assert ("심볼릭 링크" if kind == "symlink" else "폴더가 아닙니다") in _refused(found)[entry.name]


@pytest.mark.parametrize("plant", ["symlink", "fifo", "socket", "device", "hard link", "classmate's file"])
def test_submission_holding_anything_but_its_students_files_and_folders_is_refused(accounts, inbound, tmp_path,
                                                                                    plant):
    first, second = accounts["first"], accounts["second"]
    entry = _entry(inbound, first, first.pw_name, {"a1.ipynb": "mine"})
    inner = entry / "sub"
    inner.mkdir()
    target = inner / "planted"
    if plant == "symlink":
        target.symlink_to(tmp_path / "elsewhere")
    elif plant == "fifo":
        os.mkfifo(target)
    elif plant == "socket":
        os.mknod(target, stat.S_IFSOCK | 0o600)
    elif plant == "device":
        os.mknod(target, stat.S_IFCHR | 0o600, os.makedev(1, 3))  # /dev/null's numbers
    elif plant == "hard link":
        os.link(entry / "a1.ipynb", target)
    else:
        target.write_text("a classmate wrote this", encoding="utf-8")
    classserver.chown_tree(entry, first.pw_uid, first.pw_gid)
    if plant == "classmate's file":
        os.chown(target, second.pw_uid, second.pw_gid)
    found = exchange.read_inbound(str(inbound), "a1", LIMITS)
    assert found.submissions == [] and "./sub/planted" in _refused(found)[entry.name], found


def test_a_student_with_too_many_entries_is_refused_in_one_line_and_a_flood_in_a_classmates_name_is_capped(
        accounts, inbound):
    first, second = accounts["first"], accounts["second"]
    honest = _entry(inbound, second, second.pw_name, {"a1.ipynb": "second's own"})
    for _ in range(exchange.MAX_ENTRIES_PER_STUDENT + 1):
        _entry(inbound, first, first.pw_name, {"a1.ipynb": "again"})
    for _ in range(exchange.MAX_REFUSAL_LINES + 5):
        _entry(inbound, first, second.pw_name, {"a1.ipynb": "flood"})
    found = exchange.read_inbound(str(inbound), "a1", LIMITS)
    assert [s.entry for s in found.submissions] == [honest.name]
    lines = found.lines()
    assert len(lines) == exchange.MAX_REFUSAL_LINES + 2 and "그 밖에도 5개" in lines[-1], lines
    summary = f"{first.pw_name}+a1+… ({exchange.MAX_ENTRIES_PER_STUDENT + 1}개)"
    assert [line for line in lines if f"{exchange.MAX_ENTRIES_PER_STUDENT}개를 넘습니다" in line] == \
        [f"제출함의 {attach(repr(summary), Particle.TOPIC)} 걷지 않았습니다: "
         f"{first.pw_name}의 제출 폴더가 {exchange.MAX_ENTRIES_PER_STUDENT}개를 넘습니다: 그 학생에게 물어 정리한 뒤 "
         "다시 걷으세요"]


def test_entry_without_nbgraders_submission_secret_is_refused_so_returning_feedback_never_stops(accounts, inbound):
    first = accounts["first"]
    entry = _entry(inbound, first, first.pw_name, {"a1.ipynb": "mine"})
    (entry / "submission_secret.txt").unlink()
    found = exchange.read_inbound(str(inbound), "a1", LIMITS)
    assert found.submissions == [] and "submission_secret.txt가 없습니다" in _refused(found)[entry.name]


# ---------------------------------------------------------------- when: the kernel's change time, not the student's
def test_submission_time_is_the_servers_not_the_folder_name_or_timestamp_txt(accounts, inbound):
    first = accounts["first"]
    before = time.time_ns()
    entry = _entry(inbound, first, first.pw_name, {"a1.ipynb": "mine"}, offset_days=-30)
    (submission,) = exchange.read_inbound(str(inbound), "a1", LIMITS).submissions
    assert before - 10**9 < submission.changed_ns < time.time_ns() + 10**9
    assert submission.submitted_at.year == datetime.datetime.now(datetime.UTC).year, entry.name


def test_editing_a_submitted_file_afterwards_moves_its_time_forward_even_with_an_old_mtime(accounts, inbound):
    first = accounts["first"]
    entry = _entry(inbound, first, first.pw_name, {"a1.ipynb": "on time"})
    (on_time,) = exchange.read_inbound(str(inbound), "a1", LIMITS).submissions
    time.sleep(0.05)
    done = as_account(first.pw_name, sys.executable, "-c",
                      f"import os; p = {str(entry / 'a1.ipynb')!r}; open(p, 'w').write('late'); os.utime(p, (0, 0))")
    assert done.returncode == 0, done.stderr
    (edited,) = exchange.read_inbound(str(inbound), "a1", LIMITS).submissions
    assert edited.changed_ns > on_time.changed_ns


def test_the_newest_entry_by_server_time_wins_and_before_duedate_picks_the_last_in_time(accounts, inbound):
    first = accounts["first"]
    later_named = _entry(inbound, first, first.pw_name, {"a1.ipynb": "first"}, offset_days=30)
    time.sleep(0.05)
    earlier_named = _entry(inbound, first, first.pw_name, {"a1.ipynb": "second"}, offset_days=-30)
    found = exchange.read_inbound(str(inbound), "a1", LIMITS).submissions
    assert [s.entry for s in exchange.latest(found)] == [earlier_named.name]
    first_time = min(s.submitted_at for s in found)
    assert [s.entry for s in exchange.latest(found, first_time, before_duedate=True)] == [later_named.name]


def test_a_link_swapped_in_after_the_entry_was_examined_is_refused_by_the_copy(accounts, inbound, tmp_path):
    first = accounts["first"]
    secret = tmp_path / "solutions.ipynb"
    secret.write_text("the instructor's solutions", encoding="utf-8")
    entry = _entry(inbound, first, first.pw_name, {"a1.ipynb": "mine"})
    (submission,) = exchange.read_inbound(str(inbound), "a1", LIMITS).submissions
    (entry / "a1.ipynb").unlink()
    (entry / "a1.ipynb").symlink_to(secret)
    os.chown(entry / "a1.ipynb", first.pw_uid, first.pw_gid, follow_symlinks=False)
    target = tmp_path / "copy"
    target.mkdir()
    with pytest.raises(exchange.Refused, match="심볼릭 링크"):
        exchange.copy_submission(str(inbound), submission, str(target), LIMITS)
    assert not (target / "a1.ipynb").exists()


# ---------------------------------------------------------------- real nbgrader on the server's settings
def _settings(home: Path, grader: str, students: tuple[str, ...] = ()) -> classserver.HubSettings:
    return classserver.HubSettings(
        course_id="exchange101", home=str(home), ip="127.0.0.1", port=1, hub_port=2, proxy_api_port=3, service_port=4,
        students=list(students), instructors=[], grader=grader, proxy_command="",
        db_url=f"sqlite:///{home / 'course' / 'gradebook.db'}", student_disk_bytes=0)


@pytest.fixture
def course(accounts, open_folder):
    """A course folder with the class server's nbgrader settings (exchange_lines) and its exchange
    (exchange_folder) with each student's own inbound folder (student_inbounds; no disk limit here: her folder on
    the exchange's filesystem), as root runs nbgrader in it here."""
    settings = _settings(open_folder, accounts["grader"].pw_name, (accounts["first"].pw_name,
                                                                   accounts["second"].pw_name))
    classserver.exchange_folder(settings)
    classserver.student_inbounds(settings)
    root = open_folder / "course"
    (root / "release" / "a1").mkdir(parents=True)
    (root / "release" / "a1" / "a1.ipynb").write_text("{}", encoding="utf-8")
    (root / "nbgrader_config.py").write_text(
        f"c = get_config()\n{classserver.exchange_lines(settings)}c.CourseDirectory.root = {str(root)!r}\n"
        f"c.CourseDirectory.db_url = {settings.db_url!r}\n", encoding="utf-8")
    return settings, root


def _nbgrader(root: Path, *args: str) -> str:
    done = subprocess.run([str(NBGRADER), *args], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_nbgrader_collect_takes_the_classmates_own_submission_at_server_time_and_names_the_refused_entry(
        accounts, course):
    settings, root = course
    first, second = accounts["first"], accounts["second"]
    inbound = settings.exchange / settings.course_id / "inbound"
    _entry(inbound, second, second.pw_name, {"a1.ipynb": "second's own", "submission_secret.txt": "s"})
    planted = _entry(inbound, first, second.pw_name, {"a1.ipynb": "blank"}, offset_days=30)
    output = _nbgrader(root, "collect", "a1")
    assert f"제출함의 {attach(repr(planted.name), Particle.TOPIC)} 걷지 않았습니다" in output, output
    collected = root / "submitted" / second.pw_name / "a1"
    assert (collected / "a1.ipynb").read_text(encoding="utf-8") == "second's own"
    assert (collected / "submission_secret.txt").read_text(encoding="utf-8") == "s"
    written = datetime.datetime.strptime((collected / "timestamp.txt").read_text(), "%Y-%m-%d %H:%M:%S.%f %Z")
    assert abs((written - datetime.datetime.utcnow()).total_seconds()) < 60  # not the name's 30 days ahead
    assert not (root / "submitted" / first.pw_name).exists()


def _as_grader(grader: pwd.struct_passwd, root: Path, *args: str) -> str:
    """nbgrader run as the grader account in the course folder, as hub collect/release run it."""
    done = run_as(grader.pw_uid, grader.pw_gid, [str(NBGRADER), *args], init_groups=True, cwd=root,
                  capture_output=True, text=True, timeout=120,
                  env={"HOME": grader.pw_dir, "PATH": os.environ["PATH"], "LANG": "C.UTF-8"})
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _submit(student: pwd.struct_passwd, settings: classserver.HubSettings, text: str) -> Path:
    """`nbgrader submit a1` as the student, from their home with the server's nbgrader settings; the entry."""
    home = Path(student.pw_dir)
    (home / "a1").mkdir(exist_ok=True)
    (home / "a1" / "a1.ipynb").write_text(text, encoding="utf-8")
    (home / "nbgrader_config.py").write_text(f"c = get_config()\n{classserver.exchange_lines(settings)}",
                                             encoding="utf-8")
    classserver.chown_tree(home, student.pw_uid, student.pw_gid)
    own = settings.inbound / student.pw_name
    before = set(os.listdir(own))
    done = as_account(student.pw_name, str(NBGRADER), "submit", "a1")
    assert done.returncode == 0, done.stdout + done.stderr
    (entry,) = set(os.listdir(own)) - before
    return own / entry


def test_a_submission_is_closed_to_classmates_who_cannot_remove_rename_list_read_or_change_it(accounts, course):
    settings, root = course
    first, second, grader = accounts["first"], accounts["second"], accounts["grader"]
    inbound = settings.exchange / settings.course_id / "inbound"
    assert (inbound.stat().st_mode & 0o7777, inbound.stat().st_uid) == (exchange.INBOUND_MODE, grader.pw_uid)
    classserver.chown_tree(root, grader.pw_uid, grader.pw_gid)
    _as_grader(grader, root, "release_assignment", "a1")
    theirs = _submit(second, settings, "second's own")
    assert theirs.stat().st_mode & 0o7777 == exchange.ENTRY_MODE and theirs.stat().st_gid == grader.pw_gid
    for command in (["rm", "-rf", str(theirs)], ["mv", str(theirs), str(inbound / f"{second.pw_name}+a1+x")],
                    ["ls", str(inbound)], ["cat", str(theirs / "a1.ipynb")], ["touch", str(theirs / "extra")],
                    ["mkdir", str(inbound / f"{second.pw_name}+a1+planted")],
                    ["mkdir", str(theirs.parent / f"{second.pw_name}+a1+planted")]):
        done = as_account(first.pw_name, *command)
        assert done.returncode != 0 and ("Operation not permitted" in done.stderr or "Permission denied" in
                                         done.stderr), (command, done.stderr)
    assert sorted(os.listdir(theirs)) == ["a1.ipynb", "submission_secret.txt", "timestamp.txt"]
    _as_grader(grader, root, "collect", "a1")
    assert (root / "submitted" / second.pw_name / "a1" / "a1.ipynb").read_text(encoding="utf-8") == "second's own"


def test_nbgrader_release_closes_an_inbound_it_finds_open_to_students(accounts, course):
    settings, root = course
    grader = accounts["grader"]
    inbound = settings.exchange / settings.course_id / "inbound"
    inbound.chmod(0o2733)  # as nbgrader makes it
    settings.exchange.chmod(0o777)  # as nbgrader's release makes it
    classserver.chown_tree(root, grader.pw_uid, grader.pw_gid)
    _as_grader(grader, root, "release_assignment", "a1")
    assert inbound.stat().st_mode & 0o7777 == exchange.INBOUND_MODE
    assert settings.exchange.stat().st_mode & 0o7777 == exchange.EXCHANGE_ROOT_MODE


def test_exchange_folder_refuses_a_course_folder_a_student_made_first(accounts, tmp_path):
    settings = _settings(tmp_path, accounts["grader"].pw_name)
    planted = settings.exchange / settings.course_id
    planted.mkdir(parents=True)
    os.chown(planted, accounts["first"].pw_uid, accounts["first"].pw_gid)
    with pytest.raises(classserver.HubError, match="채점 계정의 폴더가 아닙니다"):
        classserver.exchange_folder(settings)
    assert planted.stat().st_uid == accounts["first"].pw_uid


# ---------------------------------------------------------------- the red team, on the real class server
def _entries(server, student: str) -> list[str]:
    """Her entries in her own inbound folder, where her submit writes them."""
    own = _inbound(server) / student
    return sorted(name for name in os.listdir(own) if name.startswith(f"{student}+{ASSIGNMENT}+"))


def _inbound(server) -> Path:
    return server.home / "exchange" / COURSE / "inbound"


def _as_student(name: str, script: str) -> subprocess.CompletedProcess:
    return as_account(name, "sh", "-c", script)


@pytest.fixture(scope="module")
def attacked_class(class_server):
    """Release; the victim submits right answers and the attacker the unfilled release through the Assignment
    List's API; then the attacker, in their own account's shell, plants a folder in the victim's name with a
    later timestamp, links an entry to the course's source/, tries to remove, rename, list and read the
    victim's entry, and edits their own submission afterwards. Collect, grade (sandboxed), feedback, return."""
    server = class_server
    victim, attacker = server.students
    run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    source = read_notebook(ROOT / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    for student, kind in ((victim, "correct"), (attacker, "unfilled")):
        client = Student(server.base, student)
        client.log_in()
        client.start_server()
        client.assignments("fetch")
        fetched = client.read(NOTEBOOK)["content"]
        client.save_notebook(NOTEBOOK, make_notebook(kind, source, fetched))
        client.assignments("submit")
    (victims_entry,), (attackers_entry,) = _entries(server, victim), _entries(server, attacker)
    inbound, later = _inbound(server), "2099-01-01 00:00:00.000000 UTC"
    victims, own = inbound / victim, inbound / attacker
    attempts = {
        "plant": _as_student(attacker, f"mkdir '{inbound}/{victim}+{ASSIGNMENT}+{later}+planted'"),
        "plant_own": _as_student(attacker, f"d='{own}/{victim}+{ASSIGNMENT}+{later}+planted' && mkdir \"$d\" && "
                                           f"cp ~/{NOTEBOOK} \"$d/\" && echo '{later}' > \"$d/timestamp.txt\""),
        "link": _as_student(attacker, f"ln -s '{server.course_root / 'source' / ASSIGNMENT}' "
                                      f"'{own}/{attacker}+{ASSIGNMENT}+{later}+linked'"),
        "remove": _as_student(attacker, f"rm -rf '{victims / victims_entry}'"),
        "rename": _as_student(attacker, f"mv '{victims / victims_entry}' '{victims}/{victim}+{ASSIGNMENT}+x'"),
        "list": _as_student(attacker, f"ls '{victims}'"),
        "read": _as_student(attacker, f"cat '{victims / victims_entry / Path(NOTEBOOK).name}'"),
    }
    time.sleep(1.1)
    edited_after = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    attempts["edit"] = _as_student(attacker, f"f='{own / attackers_entry / Path(NOTEBOOK).name}' && "
                                             "echo ' ' >> \"$f\" && touch -d '2020-01-01' \"$f\"")
    collected = run_grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
    run_grader(server, "grade", ASSIGNMENT, "--root", str(server.course_root), "--jobs", "2", "--timeout", "60")
    run_grader(server, "feedback", ASSIGNMENT, "--root", str(server.course_root))
    run_grader(server, "hub", "return", ASSIGNMENT, "--home", str(server.home))
    return SimpleNamespace(server=server, victim=victim, attacker=attacker, victims_entry=victims_entry,
                           attempts=attempts, collect_output=collected.stdout + collected.stderr,
                           edited_after=edited_after, source=source)


@pytest.mark.slow
def test_a_folder_planted_in_a_classmates_name_is_refused_and_the_classmates_own_work_is_graded(attacked_class):
    attack = attacked_class
    plant = attack.attempts["plant"]  # nbgrader's inbound allows it; this one is the grader's
    assert plant.returncode != 0 and "Permission denied" in plant.stderr, plant.stderr
    assert attack.attempts["plant_own"].returncode == 0, attack.attempts["plant_own"].stderr
    planted = f"{attack.attacker}/{attack.victim}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC+planted"
    assert f"제출함의 {attach(repr(planted), Particle.TOPIC)} 걷지 않았습니다: {attack.attacker}의 폴더에 있는 " \
           f"{attack.victim}의 이름입니다" in attack.collect_output, attack.collect_output
    context = CourseContext(attack.server.course_root)
    with context.gradebook() as gradebook:
        victim = gradebook.find_submission(ASSIGNMENT, attack.victim)
        assert victim.score == victim.max_score > 0, (victim.score, victim.max_score)


@pytest.mark.slow
def test_a_link_into_the_course_source_is_refused_and_no_solution_reaches_the_attacker(attacked_class):
    attack = attacked_class
    assert attack.attempts["link"].returncode == 0, attack.attempts["link"].stderr
    linked = f"{attack.attacker}/{attack.attacker}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC+linked"
    refused = f"제출함의 {attach(repr(linked), Particle.TOPIC)} 걷지 않았습니다: 심볼릭 링크입니다"
    assert refused in attack.collect_output
    context = CourseContext(attack.server.course_root)
    with context.gradebook() as gradebook:
        attacker = gradebook.find_submission(ASSIGNMENT, attack.attacker)
        assert attacker.score < attacker.max_score, attacker.score
    client = Student(attack.server.base, attack.attacker)
    client.log_in()
    listing = client.assignments("fetch_feedback")
    assert any(s["has_local_feedback"] for a in listing for s in a.get("submissions", [])), listing
    folder = client.read(f"{ASSIGNMENT}/feedback")["content"]
    page = client.read(f"{ASSIGNMENT}/feedback/{folder[0]['name']}/{ASSIGNMENT}.html")["content"]
    secret = _lines_between(attack.source, "BEGIN SOLUTION", "END SOLUTION") + \
        _lines_between(attack.source, "BEGIN HIDDEN TESTS", "END HIDDEN TESTS")
    shown = html.unescape(re.sub(r"<[^>]+>", "", page))  # the page's text, code no longer split by highlighting
    assert secret and not [line for line in secret if line in shown]


def _lines_between(notebook: dict, begin: str, end: str) -> list[str]:
    """The code lines of the source notebook between its `begin` and `end` markers (solutions, hidden tests)."""
    lines = []
    for cell in notebook["cells"]:
        text = "".join(cell["source"])
        for inside in [part.split(end, 1)[0] for part in text.split(begin)[1:]]:
            lines += [line.strip() for line in inside.splitlines()[1:] if len(line.strip()) > 12]
    return lines


@pytest.mark.slow
def test_a_student_cannot_remove_rename_list_or_read_a_classmates_entry(attacked_class):
    attack = attacked_class
    for attempt in ("remove", "rename", "list", "read"):
        done = attack.attempts[attempt]
        assert done.returncode != 0 and ("Operation not permitted" in done.stderr or "Permission denied" in
                                         done.stderr), (attempt, done.stderr)
    assert attack.victims_entry in _entries(attack.server, attack.victim)
    assert (_inbound(attack.server) / attack.victim / attack.victims_entry / Path(NOTEBOOK).name).is_file()


@pytest.mark.slow
def test_editing_ones_submission_afterwards_is_collected_at_the_servers_later_time(attacked_class):
    attack = attacked_class
    assert attack.attempts["edit"].returncode == 0, attack.attempts["edit"].stderr
    stamp = (attack.server.course_root / "submitted" / attack.attacker / ASSIGNMENT / "timestamp.txt").read_text()
    written = datetime.datetime.strptime(stamp.strip(), "%Y-%m-%d %H:%M:%S.%f %Z")
    margin = datetime.timedelta(milliseconds=50)  # the kernel stamps files with its coarse clock
    assert attack.edited_after - margin <= written < attack.edited_after + datetime.timedelta(minutes=5), stamp
