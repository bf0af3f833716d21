"""A class on the real class server, for the benchmarks that measure it (benchmarks/hub_sizing.py,
benchmarks/validate_speed.py): `course-grader hub start` on loopback over HTTPS with a roster of its own accounts,
students who log in, start their servers, fetch an assignment and save its right answers, then press Validate at
the same moment, the memory of each student's processes sampled meanwhile; and the clean-up (the hub stopped, every
account it made removed with its processes and the home image the hub kept for it), also on Ctrl-C, SIGTERM or
failure.

The hub runs as README sets it up, each server on its own origin over HTTPS (https://hub.localhost:<port>/, a
student's server at https://<name>.hub.localhost:<port>/, tests/hub_testing.py's self-signed certificate): these
names resolve through hub_testing's resolver hook for urllib3 (127.0.0.1, the name kept for Host and TLS), not
/etc/hosts. A benchmark takes the lock the hub tests take (one hub on the machine at a time: they all share the
grader account).

Two Validates a student can press (ENDPOINTS), both on her own server: "stock", nbgrader's REST endpoint
(POST assignments/validate: a fresh kernel that imports the stack), and "course", the course's extension
(POST course-validate, helpers/lab.py: a kernel forked from her Lab's warm template).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pwd
import re
import secrets
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import requests

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))  # first: tests/autograder is not the package

from hub_testing import (  # noqa: E402
    COURSE,
    ClassServer,
    Student,
    account_exists,
    free_port,
    still_running,
)
from sample_class.build import make_notebook  # noqa: E402

from autograder.course.notebook import read_notebook  # noqa: E402
from autograder.hub import server as classserver  # noqa: E402
from autograder.hub.spawner import GROUP_PREFIX  # noqa: E402
from autograder.sandbox.cgroups import Group, Version, find_hierarchy  # noqa: E402

SAMPLE_EVERY = 0.5  # seconds between memory samples
FIRST_GUESS = 1 << 30  # bytes per student before a round of that assignment has measured one
SYSTEM_RESERVE = 2 << 30  # bytes kept for the hub, the proxy, the formgrader and the system
SERVER_START_TIMEOUT = 900  # seconds: N servers starting at once on a small machine
VALIDATE_TIMEOUT = 1800
LOCK = Path(tempfile.gettempdir()) / "course-hub-tests.lock"  # the hub tests' lock (tests/autograder/hub/conftest.py)
MiB = 1 << 20
OUR_ACCOUNT = re.compile(r"^size[0-9a-f]{4}(?:s\d{2,}|t)$")  # class_on_hub()'s students, instructor
# kind → (route on the student's server, how the Lab's button sends the notebook's path)
ENDPOINTS = {"stock": ("assignments/validate", "data"), "course": ("course-validate", "json")}


@dataclass
class Round:
    """What N students measured on one assignment with one Validate under one setting."""

    students: int
    assignment: str
    memory: list[int] = field(default_factory=list)  # peak summed PSS per student, bytes
    cgroup: list[int] = field(default_factory=list)  # the group's peak per student, bytes (limited only)
    validate: list[float] = field(default_factory=list)  # seconds per student
    failures: list[str] = field(default_factory=list)  # "student: why" for each Validate that did not pass
    hub_memory: int = 0  # peak PSS of the hub's own processes, bytes
    load: float | None = None  # the machine's 1-minute load average when the last Validate answered


# ---------------------------------------------------------------- memory
class MemorySampler:
    """Every SAMPLE_EVERY seconds, the summed PSS of each account's processes (but those `leave_out` names) and of
    the hub's own tree; the peaks."""

    def __init__(self, accounts: list[str], hub: psutil.Process,
                 leave_out: Callable[[psutil.Process], bool] = lambda process: False):
        self.uids = {pwd.getpwnam(name).pw_uid: name for name in accounts}
        self.hub, self.leave_out = hub, leave_out
        self.peaks = dict.fromkeys(accounts, 0)
        self.hub_peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *_) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(SAMPLE_EVERY):
            sums, hub_sum = dict.fromkeys(self.peaks, 0), 0
            hub_tree = {self.hub.pid} | {child.pid for child in _children(self.hub)}
            for process in psutil.process_iter(["uids"]):
                uid = process.info["uids"].real if process.info["uids"] else None
                if uid not in self.uids and process.pid not in hub_tree:
                    continue
                try:
                    if uid in self.uids and self.leave_out(process):
                        continue
                    pss = process.memory_full_info().pss
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                if uid in self.uids:
                    sums[self.uids[uid]] += pss
                else:
                    hub_sum += pss
            for name, total in sums.items():
                self.peaks[name] = max(self.peaks[name], total)
            self.hub_peak = max(self.hub_peak, hub_sum)


def _children(process: psutil.Process) -> list[psutil.Process]:
    try:
        return process.children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _peak_file(name: str) -> Path | None:
    """`name`'s server group's peak memory file (v1: memory.max_usage_in_bytes; v2: memory.peak), or None."""
    hierarchy = find_hierarchy()
    if hierarchy is None:
        return None
    folder = Group(hierarchy, f"{GROUP_PREFIX}{name}").folders["memory"]
    return folder / ("memory.peak" if hierarchy.version is Version.V2 else "memory.max_usage_in_bytes")


def cgroup_peak(name: str) -> int | None:
    """The peak memory of `name`'s server group, or None."""
    peak = _peak_file(name)
    try:
        return int(peak.read_text()) if peak else None
    except (OSError, ValueError):
        return None


def reset_cgroup_peak(name: str) -> bool:
    """Start `name`'s group's peak again from its memory now (cgroup v1; v2 resets memory.peak only for the file
    descriptor that wrote it): whether it did."""
    peak = _peak_file(name)
    if peak is None or peak.name != "memory.max_usage_in_bytes":
        return False
    try:
        peak.write_text("0")
        return True
    except OSError:
        return False


# ---------------------------------------------------------------- the students
def arrive(client: Student) -> None:
    """Log in and start the server."""
    client.log_in()
    client.start_server(timeout=SERVER_START_TIMEOUT)


def fetch_answers(client: Student, assignment: str) -> None:
    """Fetch `assignment` through the Assignment List's API and save its right answers (tests/sample_class) through
    the contents API."""
    notebook = f"{assignment}/{assignment}.ipynb"
    fetched = client.call("POST", "assignments/fetch", data={"course_id": COURSE, "assignment_id": assignment})
    assert fetched.json()["success"], fetched.text[-800:]
    source = read_notebook(REPO / "source" / assignment / f"{assignment}.ipynb")
    client.save_notebook(notebook, make_notebook("correct", source, client.read(notebook)["content"]))


def remove_fetched(clients: list[Student], assignment: str) -> None:
    """The folder an earlier round fetched, removed (the next fetch is a fresh one)."""
    for client in clients:
        shutil.rmtree(Path(pwd.getpwnam(client.name).pw_dir) / assignment, ignore_errors=True)


def everyone(pool: ThreadPoolExecutor, clients: list[Student], step: Callable[[Student], None],
             problems: list[str] | None = None) -> list[str]:
    """Every student does `step` at once, but those whose `problems` already say why they could not: for each, ''
    or why she could not."""
    problems = problems or [""] * len(clients)
    return list(pool.map(lambda client, problem: problem or failure_of(step, client), clients, problems))


def get_class_ready(pool: ThreadPoolExecutor, clients: list[Student], assignment: str) -> list[str]:
    """Every student gets ready at once (logs in, starts her server, fetches `assignment` afresh, saves the answers);
    for each, '' or why she could not."""
    remove_fetched(clients, assignment)
    return everyone(pool, clients, lambda client: (arrive(client), fetch_answers(client, assignment)))


def failure_of(step: Callable[[Student], None], client: Student) -> str:
    """'' when `step(client)` went through, else its error in one short line."""
    try:
        step(client)
        return ""
    except Exception as error:  # any student's failure is the round's, not the run's
        return (str(error).strip().splitlines() or [type(error).__name__])[0][:300]


def press_all(pool: ThreadPoolExecutor, clients: list[Student], kind: str,
              notebook: str) -> dict[Student, tuple[float, str]]:
    """Every student in `clients` presses `kind`'s Validate of `notebook` at the same moment: for each, the seconds
    it took and what went wrong ('' if it passed)."""
    if not clients:
        return {}
    starting_line = threading.Barrier(len(clients))

    def press(client: Student) -> tuple[float, str]:
        starting_line.wait()
        return press_validate(client.server, client.headers, kind, notebook)

    return dict(zip(clients, pool.map(press, clients), strict=True))


def press_validate(server: str, headers: dict, kind: str, notebook: str) -> tuple[float, str]:
    """One press of `kind`'s Validate on the Jupyter server at `server`: seconds and what went wrong ('' if
    passed), as the Lab's button sends it."""
    route, form = ENDPOINTS[kind]
    started = time.monotonic()
    try:
        answer = requests.post(f"{server}{route}", headers=headers, timeout=VALIDATE_TIMEOUT,
                               **{form: {"path": notebook}})
    except requests.RequestException as error:
        return time.monotonic() - started, f"Validate: {error}"[:300]
    return time.monotonic() - started, validate_problem(kind, answer)


def validate_problem(kind: str, answer: requests.Response) -> str:
    """'' when `kind`'s Validate answered that the notebook passes, else what went wrong (one short line)."""
    if answer.status_code != 200:
        return f"HTTP {answer.status_code}: {error_line(answer.text)}"
    result = answer.json()
    if kind == "course":
        failed = [cell["error"] for cell in result.get("failed", [])]
        return "" if result.get("ok") else " ".join([result.get("summary", ""), *failed[:1]])[:300]
    if not result.get("success"):
        return error_line(str(result.get("value", "")))
    return str(result["value"])[:300] if result["value"] else ""  # {} when every test cell passes


def error_line(text: str) -> str:
    """The line of a traceback or log that names the error (the last with "Error", and the one after it, which
    nbclient's timeouts use for the reason), else its last line; at most 300 characters."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    named = [at for at, line in enumerate(lines) if "Error" in line]
    if not named:
        return lines[-1][:300] if lines else ""
    return " ".join(lines[named[-1]:named[-1] + 2])[:300]


def measured(count: int, assignment: str, clients: list[Student], problems: list[str],
             validated: dict[Student, tuple[float, str]], sampler: MemorySampler, limited: bool) -> Round:
    """The round's figures: each ready student's Validate time and memory peak (and her group's, `limited`); every
    student who could not get ready or validate is a failure, with the reason."""
    result = Round(count, assignment)
    for client, problem in zip(clients, problems, strict=True):
        if not problem:
            took, problem = validated[client]
            result.validate.append(took)
            result.memory.append(sampler.peaks[client.name])
            peak = cgroup_peak(client.name) if limited else None
            if peak is not None:
                result.cgroup.append(peak)
        if problem:
            result.failures.append(f"{client.name}: {problem}")
    result.hub_memory, result.load = sampler.hub_peak, os.getloadavg()[0]
    return result


def stop_servers(pool: ThreadPoolExecutor, clients: list[Student]) -> None:
    """Stop the servers of the students who logged in, and wait until the hub says they are gone."""
    list(pool.map(stop_server, [client for client in clients if hasattr(client, "headers")]))


def stop_server(client: Student) -> None:
    """Stop the student's server and wait until the hub says it is gone."""
    users = f"{client.base}/hub/api/users/{client.name}"
    stopped = requests.delete(f"{users}/server", headers=client.headers, timeout=120)
    assert stopped.status_code in (202, 204), stopped.text
    deadline = time.monotonic() + 180
    while requests.get(users, headers=client.headers, timeout=30).json()["servers"]:
        if time.monotonic() > deadline:
            raise AssertionError(f"{client.name}'s server did not stop in 180 s")
        time.sleep(1)


# ---------------------------------------------------------------- the hub
def fits(students: int, assignment: str, per_student: list[int]) -> tuple[bool, str]:
    """Whether N students of `assignment` fit in the memory free now, each taking the most of `per_student` (what
    earlier rounds of it measured; FIRST_GUESS before any); the line saying so when not."""
    each = max(per_student, default=FIRST_GUESS)
    needed, free = students * each + SYSTEM_RESERVE, psutil.virtual_memory().available
    if needed <= free:
        return True, ""
    return False, (f"{students} students × {assignment}: needs about {needed / (1 << 30):.1f} GiB "
                   f"({each / MiB:.0f} MiB each + {SYSTEM_RESERVE >> 30} GiB for the system), "
                   f"{free / (1 << 30):.1f} GiB free: not run")


def release(server: ClassServer, assignments: list[str]) -> None:
    """Put each assignment in the exchange once (a kept --home already has them)."""
    for assignment in assignments:
        if (server.home / "exchange" / COURSE / "outbound" / assignment).is_dir():
            continue
        done = subprocess.run([sys.executable, "-m", "autograder", "hub", "release", assignment, "--home",
                               str(server.home)], capture_output=True, text=True, cwd=REPO, timeout=600)
        if done.returncode:
            raise SystemExit(f"hub release {assignment} failed:\n{done.stdout[-1500:]}{done.stderr[-1500:]}")


def describe(server: ClassServer) -> str:
    """The limits and culler the running hub was started with, in one line."""
    saved = classserver.HubSettings.load(server.home / "hub" / classserver.SETTINGS_FILE)
    if not (saved.student_memory_bytes or saved.student_cpus or saved.student_processes):
        return "no limits (LocalProcessSpawner)" + (f", culler {saved.idle_timeout} s" if saved.idle_timeout
                                                    else ", no culler")
    return (f"{saved.student_memory_bytes / (1 << 30):g} GiB, {saved.student_cpus:g} CPU, "
            f"{saved.student_processes} processes per student's server, "
            + (f"culler after {saved.idle_timeout} s" if saved.idle_timeout else "no culler"))


@contextmanager
def class_on_hub(home: Path, size: int) -> Iterator[tuple[ClassServer, list[str]]]:
    """A hub (not started yet: the caller starts it with the options it wants) with a roster of `size` new
    student accounts and an instructor; afterwards the hub is stopped and every account it made is removed (with
    a kept home also those of earlier runs, which the hub makes again from its database), also on failure or
    Ctrl-C, when the hub's log's last lines are printed."""
    tag = secrets.token_hex(2)
    students = [f"size{tag}s{i:02d}" for i in range(1, size + 1)]
    instructor = f"size{tag}t"
    grader = classserver.grader_account(COURSE)
    accounts = [*students, instructor] + ([] if account_exists(grader) else [grader])
    roster = home / f"roster-{tag}.csv"
    roster.write_text("학번,이름\n" + "".join(f"{s},학생{i}\n" for i, s in enumerate(students, 1)), encoding="utf-8")
    roster.chmod(0o600)  # hub start refuses a roster the students can read (README's set-up: root's, 0600)
    server = ClassServer(home, roster, students, instructor, free_port())
    try:
        yield server, students
    except BaseException:
        log = home / "hub.log"
        if log.is_file():
            print(f"the hub's log ({log}), last lines:\n{log.read_text(errors='replace')[-3000:]}", flush=True)
        raise
    finally:
        server.stop()
        ours = sorted({*accounts, *earlier_runs_accounts(home)})
        remove_accounts(ours)
        remove_home_images(home, ours)
        roster.unlink(missing_ok=True)


def earlier_runs_accounts(home: Path) -> list[str]:
    """The accounts earlier runs in a kept --home named: the hub's database still lists them, and JupyterHub makes a
    system account for every user in its database when it starts."""
    database = home / "hub" / "jupyterhub.sqlite"
    if not database.is_file():
        return []
    with closing(sqlite3.connect(database)) as hub_database:
        names = [row[0] for row in hub_database.execute("SELECT name FROM users")]
    return [name for name in names if OUR_ACCOUNT.match(name)]


def remove_home_images(home: Path, accounts: list[str]) -> None:
    """The home images the hub kept for `accounts` (autograder/hub/disks.py: <home>/disks/<name>.img, 1 GiB each by
    default), removed with them: a kept --home would otherwise keep every student's of every run."""
    disks = home / "disks"
    for name in accounts:
        (disks / f"{name}.img").unlink(missing_ok=True)
        shutil.rmtree(disks / name, ignore_errors=True)


def remove_accounts(accounts: list[str]) -> None:
    """Every process of the benchmark's accounts ended (by pid), then the accounts, their groups and homes removed."""
    uids = {pwd.getpwnam(name).pw_uid for name in accounts if account_exists(name)}
    left = still_running(accounts, grace=10)
    for process in psutil.process_iter(["uids"]):
        if process.info["uids"] and process.info["uids"].real in uids:
            try:
                process.kill()
            except psutil.NoSuchProcess:
                pass
    for name in accounts:
        if account_exists(name):
            subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
            subprocess.run(["groupdel", name], check=False, capture_output=True)
    if left:
        print(f"(processes of {', '.join(left)} were still running after the hub stopped; killed)", flush=True)


# ---------------------------------------------------------------- the command
def interrupted(*_) -> None:
    """SIGTERM handled as Ctrl-C: the hub stopped, the accounts and the temporary home removed."""
    raise KeyboardInterrupt


@contextmanager
def benchmark_home(kept: Path | None, prefix: str) -> Iterator[Path]:
    """The hub's folder (`kept`, or a temporary one removed afterwards), held under the hub tests' lock; SIGTERM
    ends the benchmark as Ctrl-C does."""
    signal.signal(signal.SIGTERM, interrupted)
    home = kept.resolve() if kept else Path(tempfile.mkdtemp(prefix=prefix))
    home.mkdir(parents=True, exist_ok=True)
    home.chmod(0o755)  # the students' servers run from <home>/edition/.venv
    try:
        with the_only_hub():
            yield home
    finally:
        if kept is None:
            shutil.rmtree(home, ignore_errors=True)


@contextmanager
def the_only_hub():
    """The machine-wide lock of the hub tests, held while the benchmark's hub runs."""
    with open(LOCK, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another class server on this machine to finish ({LOCK})…", flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def hub_options(parser: argparse.ArgumentParser, students: str, assignments: str, hub: str = "") -> None:
    """The options both benchmarks take: --students, --assignments and --home (`hub` before the help of those
    that concern the class server only)."""
    parser.add_argument("--students", type=numbers, default=numbers(students), metavar="N,N,…",
                        help=f"{hub}class sizes to try, each pressing Validate at once (default {students})")
    parser.add_argument("--assignments", type=names, default=names(assignments), metavar="NAME,…",
                        help=f"assignments to validate (default {assignments})")
    parser.add_argument("--home", type=Path, default=None, metavar="DIR",
                        help=f"{hub}the hub's folder, for this benchmark only, kept afterwards so the next run reuses "
                             "the edition's venv (default: a temporary folder, removed)")


def numbers(text: str) -> list[int]:
    """--students: class sizes, e.g. 5,10,20."""
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        counts = []
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError(f"'{text}': give student counts of 1 or more, e.g. 5,10,20")
    return counts


def names(text: str) -> list[str]:
    """--assignments: assignments of source/, comma-separated."""
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in chosen if not (REPO / "source" / name).is_dir()]
    if not chosen or unknown:
        raise argparse.ArgumentTypeError(f"no assignment {', '.join(unknown) or text!r} in {REPO / 'source'}")
    return chosen


# ---------------------------------------------------------------- printing
def mib(values: list[int]) -> str:
    return f"{statistics.median(values) / MiB:.0f}" if values else "-"


def seconds(values: list[float], pick) -> str:
    return f"{pick(values):.1f}s" if values else "-"


def load(result: Round) -> str:
    return f"{result.load:.1f}" if result.load is not None else "-"


def ratio(numerator: float | None, denominator: float | None) -> str:
    return f"{numerator / denominator:.2f}" if numerator and denominator else "-"


def median(values: list) -> float | None:
    return statistics.median(values) if values else None
