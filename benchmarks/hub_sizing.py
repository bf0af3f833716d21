"""How big a server for my class? N students on the class server at once, with the limits per student and the
idle culler (`hub start`'s defaults) and without them (every limit 0: JupyterHub's own spawner, no culler).

    sudo .venv/bin/python benchmarks/hub_sizing.py                                    # 5, 10, 20 students; ch01, ch07
    sudo .venv/bin/python benchmarks/hub_sizing.py --students 2 --assignments ch01_handmade_qkv
    sudo .venv/bin/python benchmarks/hub_sizing.py --home /var/tmp/hub-sizing         # keep the edition and its venv

One invocation runs `course-grader hub start` on loopback (as root, in a temporary home unless --home) with a
roster of max(--students) accounts, releases the assignments through the exchange, and for each N and assignment:
N students log in, start their servers, fetch the assignment through the Assignment List's API, save the correct
answers (tests/sample_class) through the contents API and press Validate all at once: nbgrader's validate REST
endpoint of their own server (POST /user/<name>/assignments/validate), which runs the notebook in a fresh kernel.
The hub runs as README sets it up, each server on its own origin over HTTPS (https://hub.localhost:<port>/, a
student's server at https://<name>.hub.localhost:<port>/, tests/hub_testing.py's self-signed certificate): these
names resolve through hub_testing's resolver hook for urllib3 (127.0.0.1, the name kept for Host and TLS), not
/etc/hosts.
Then their servers are stopped. The hub is restarted with the limits and the culler off in the same home (the
edition's venv is not rebuilt) and the same rounds run again.

Each round prints its line as soon as it ends, with every student who failed and why (a server the hub gave up
starting, with the hub's reason; a fetch or save that failed; a Validate that did not pass): such a student is a
failure of the round, the others still press Validate, and the run goes on. At the end, per assignment and N, both
settings side by side and limited/unlimited:
- memory per student: the peak of the summed PSS of the student's processes (their server and Validate's kernel),
  sampled every 0.5 s, median over the students; with limits also "cgroup": the student's control group's
  memory.max_usage_in_bytes (v1; memory.peak on v2), which counts page cache too, median;
- Validate: wall time of the POST, median and slowest of those who pressed it, and how many of the N failed;
- the hub itself: the peak PSS of the hub's process tree without the students' servers (hub, proxy, formgrader,
  culler).
Before each round it checks that N students fit in the memory the machine has free (per student: the most any
student used in an earlier round of that assignment, or 1 GiB before the first; 2 GiB kept for the system) and
refuses an N that does not, with a line.

The accounts it makes (students, an instructor and, when missing, the course's grader account; with a kept --home
also those of earlier runs, which the hub makes again from its database) and a temporary home are removed
afterwards, also on Ctrl-C, SIGTERM or failure. It takes the lock the hub tests take (one hub on the machine at a
time: they all share the grader account). Other work on the machine skews the times: the load average is printed.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import platform
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
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import requests

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from hub_testing import (  # noqa: E402
    COURSE,
    ClassServer,
    Student,
    account_exists,
    free_port,
    missing_for_a_hub,
    still_running,
)
from sample_class.build import make_notebook  # noqa: E402

from autograder.course.notebook import read_notebook  # noqa: E402
from autograder.hub import server as classserver  # noqa: E402
from autograder.hub.spawner import GROUP_PREFIX  # noqa: E402
from autograder.sandbox.cgroups import Group, Version, find_hierarchy  # noqa: E402

DEFAULT_STUDENTS = "5,10,20"
DEFAULT_ASSIGNMENTS = "ch01_handmade_qkv,ch07_pretrained_attention"
WITHOUT_LIMITS = ("--student-memory", "0", "--student-cpus", "0", "--student-processes", "0", "--idle-timeout", "0")
SAMPLE_EVERY = 0.5  # seconds between memory samples
FIRST_GUESS = 1 << 30  # bytes per student before a round of that assignment has measured one
SYSTEM_RESERVE = 2 << 30  # bytes kept for the hub, the proxy, the formgrader and the system
SERVER_START_TIMEOUT = 900  # seconds: N servers starting at once on a small machine
VALIDATE_TIMEOUT = 1800
LOCK = Path(tempfile.gettempdir()) / "course-hub-tests.lock"  # the hub tests' lock (tests/autograder/hub/conftest.py)
MiB = 1 << 20
OUR_ACCOUNT = re.compile(r"^size[0-9a-f]{4}(?:s\d{2,}|t)$")  # the names benchmark() gives its students and instructor


@dataclass
class Round:
    """What N students measured on one assignment under one setting."""

    students: int
    assignment: str
    memory: list[int] = field(default_factory=list)  # peak summed PSS per student, bytes
    cgroup: list[int] = field(default_factory=list)  # the group's peak per student, bytes (limited only)
    validate: list[float] = field(default_factory=list)  # seconds per student
    failures: list[str] = field(default_factory=list)  # "student: why" for each Validate that did not pass
    hub_memory: int = 0  # peak PSS of the hub's own processes, bytes
    load: float | None = None  # the machine's 1-minute load average when the last Validate answered


@dataclass
class Setting:
    name: str
    options: tuple[str, ...]
    rounds: dict[tuple[int, str], Round] = field(default_factory=dict)
    described: str = ""


class MemorySampler:
    """Every SAMPLE_EVERY seconds, the summed PSS of each account's processes and of the hub's own tree; the peaks."""

    def __init__(self, accounts: list[str], hub: psutil.Process):
        self.uids = {pwd.getpwnam(name).pw_uid: name for name in accounts}
        self.hub = hub
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


def cgroup_peak(name: str) -> int | None:
    """The peak memory of `name`'s server group (v1: memory.max_usage_in_bytes; v2: memory.peak), or None."""
    hierarchy = find_hierarchy()
    if hierarchy is None:
        return None
    folder = Group(hierarchy, f"{GROUP_PREFIX}{name}").folders["memory"]
    peak = folder / ("memory.peak" if hierarchy.version is Version.V2 else "memory.max_usage_in_bytes")
    try:
        return int(peak.read_text())
    except (OSError, ValueError):
        return None


# ---------------------------------------------------------------- one round: N students, one assignment
def run_round(server: ClassServer, students: list[str], assignment: str, limited: bool) -> Round:
    """N students get ready (log in, start, fetch, save the answers); those who did press Validate at once. A
    student who could not get ready or validate is a failure of the round, with the reason."""
    measured = Round(len(students), assignment)
    notebook = f"{assignment}/{assignment}.ipynb"
    source = read_notebook(REPO / "source" / assignment / f"{assignment}.ipynb")
    clients = [Student(server.base, name) for name in students]
    for name in students:  # a fresh fetch: the folder an earlier round fetched is gone
        shutil.rmtree(Path(pwd.getpwnam(name).pw_dir) / assignment, ignore_errors=True)

    def get_ready(client: Student) -> None:
        client.log_in()
        client.start_server(timeout=SERVER_START_TIMEOUT)
        fetched = client.call("POST", "assignments/fetch", data={"course_id": COURSE, "assignment_id": assignment})
        assert fetched.json()["success"], fetched.text[-800:]
        client.save_notebook(notebook, make_notebook("correct", source, client.read(notebook)["content"]))

    validated: dict[Student, tuple[float, str]] = {}
    with MemorySampler(students, psutil.Process(server.process.pid)) as sampler, \
            ThreadPoolExecutor(len(clients)) as pool:
        problems = list(pool.map(lambda client: failure_of(get_ready, client), clients))
        ready = [client for client, problem in zip(clients, problems, strict=True) if not problem]
        if ready:
            starting_line = threading.Barrier(len(ready))  # everyone ready presses Validate at the same moment
            validated = dict(zip(ready, pool.map(lambda client: press_validate(client, notebook, starting_line),
                                                 ready), strict=True))
    for client, problem in zip(clients, problems, strict=True):
        if not problem:
            took, problem = validated[client]
            measured.validate.append(took)
            measured.memory.append(sampler.peaks[client.name])
            peak = cgroup_peak(client.name) if limited else None
            if peak is not None:
                measured.cgroup.append(peak)
        if problem:
            measured.failures.append(f"{client.name}: {problem}")
    measured.hub_memory, measured.load = sampler.hub_peak, os.getloadavg()[0]
    with ThreadPoolExecutor(len(clients)) as pool:
        list(pool.map(stop_server, [client for client in clients if hasattr(client, "headers")]))  # logged in
    return measured


def failure_of(step, client: Student) -> str:
    """'' when `step(client)` went through, else its error in one short line."""
    try:
        step(client)
        return ""
    except Exception as error:  # any student's failure is the round's, not the run's
        return (str(error).strip().splitlines() or [type(error).__name__])[0][:300]


def press_validate(client: Student, notebook: str, starting_line: threading.Barrier) -> tuple[float, str]:
    """Validate (once everyone ready is at the starting line): seconds it took and what went wrong ('' if passed)."""
    starting_line.wait()
    started = time.monotonic()
    try:
        answer = requests.post(f"{client.server}assignments/validate", headers=client.headers,
                               data={"path": notebook}, timeout=VALIDATE_TIMEOUT)
    except requests.RequestException as error:
        return time.monotonic() - started, f"Validate: {error}"[:300]
    return time.monotonic() - started, validate_problem(answer)


def validate_problem(answer: requests.Response) -> str:
    """'' when Validate answered that the notebook passes, else what went wrong (one short line)."""
    if answer.status_code != 200:
        return f"HTTP {answer.status_code}: {error_line(answer.text)}"
    result = answer.json()
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


# ---------------------------------------------------------------- the whole benchmark
def fits(students: int, assignment: str, settings: list[Setting]) -> tuple[bool, str]:
    """Whether N students of `assignment` fit in the memory free now; the line saying so when not."""
    measured = [peak for setting in settings for (n, name), got in setting.rounds.items() if name == assignment
                for peak in got.memory + got.cgroup]
    per_student = max(measured, default=FIRST_GUESS)
    needed, free = students * per_student + SYSTEM_RESERVE, psutil.virtual_memory().available
    if needed <= free:
        return True, ""
    return False, (f"{students} students × {assignment}: needs about {needed / (1 << 30):.1f} GiB "
                   f"({per_student / MiB:.0f} MiB each + {SYSTEM_RESERVE >> 30} GiB for the system), "
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
    saved = classserver.HubSettings.load(server.home / "hub" / classserver.SETTINGS_FILE)
    if not (saved.student_memory_bytes or saved.student_cpus or saved.student_processes):
        return "no limits (LocalProcessSpawner)" + (f", culler {saved.idle_timeout} s" if saved.idle_timeout
                                                    else ", no culler")
    return (f"{saved.student_memory_bytes / (1 << 30):g} GiB, {saved.student_cpus:g} CPU, "
            f"{saved.student_processes} processes per student's server, "
            + (f"culler after {saved.idle_timeout} s" if saved.idle_timeout else "no culler"))


def benchmark(home: Path, counts: list[int], assignments: list[str], refused: list[str]) -> list[Setting]:
    tag = secrets.token_hex(2)
    students = [f"size{tag}s{i:02d}" for i in range(1, max(counts) + 1)]
    instructor = f"size{tag}t"
    grader = classserver.grader_account(COURSE)
    accounts = [*students, instructor] + ([] if account_exists(grader) else [grader])
    roster = home / f"roster-{tag}.csv"
    roster.write_text("학번,이름\n" + "".join(f"{s},학생{i}\n" for i, s in enumerate(students, 1)), encoding="utf-8")
    roster.chmod(0o600)  # hub start refuses a roster the students can read (README's set-up: root's, 0600)
    settings = [Setting("limited", ()), Setting("unlimited", WITHOUT_LIMITS)]
    server = ClassServer(home, roster, students, instructor, free_port())
    try:
        for setting in settings:
            print(f"[{time.strftime('%H:%M:%S')}] hub start ({setting.name})…", flush=True)
            server.start(*setting.options)
            setting.described = describe(server)
            release(server, assignments)
            for count in counts:
                for assignment in assignments:
                    ok, line = fits(count, assignment, settings)
                    if not ok:
                        print(line, flush=True)
                        if line not in refused:
                            refused.append(line)
                        continue
                    print(f"[{time.strftime('%H:%M:%S')}] {setting.name}: {count} students × {assignment}…",
                          flush=True)
                    measured = run_round(server, students[:count], assignment, setting.name == "limited")
                    setting.rounds[count, assignment] = measured
                    print(round_line(setting.name, measured), flush=True)
            server.stop()
    except BaseException:
        log = home / "hub.log"
        if log.is_file():
            print(f"the hub's log ({log}), last lines:\n{log.read_text(errors='replace')[-3000:]}", flush=True)
        raise
    finally:
        server.stop()
        remove_accounts(sorted({*accounts, *earlier_runs_accounts(home)}))
        roster.unlink(missing_ok=True)
    return settings


def earlier_runs_accounts(home: Path) -> list[str]:
    """The accounts earlier runs in a kept --home named: the hub's database still lists them, and JupyterHub makes a
    system account for every user in its database when it starts."""
    database = home / "hub" / "jupyterhub.sqlite"
    if not database.is_file():
        return []
    with closing(sqlite3.connect(database)) as hub_database:
        names = [row[0] for row in hub_database.execute("SELECT name FROM users")]
    return [name for name in names if OUR_ACCOUNT.match(name)]


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


# ---------------------------------------------------------------- printing
def mib(values: list[int]) -> str:
    return f"{statistics.median(values) / MiB:.0f}" if values else "-"


def seconds(values: list[float], pick) -> str:
    return f"{pick(values):.1f}s" if values else "-"


def load(measured: Round) -> str:
    return f"{measured.load:.1f}" if measured.load is not None else "-"


def ratio(limited: float | None, unlimited: float | None) -> str:
    return f"{limited / unlimited:.2f}" if limited and unlimited else "-"


def columns(measured: Round, with_cgroup: bool) -> str:
    """One setting's columns of the table for one round (MiB, cgroup when limited, median, slowest, fail, load)."""
    cgroup = f" {mib(measured.cgroup):>6}" if with_cgroup else ""
    return (f"{mib(measured.memory):>5}{cgroup} {seconds(measured.validate, statistics.median):>8} "
            f"{seconds(measured.validate, max):>8} {len(measured.failures):>4} {load(measured):>4}")


def round_line(setting: str, measured: Round) -> str:
    """What a round measured, printed as soon as it ends (a later failure does not lose it)."""
    line = (f"  {setting}, {measured.students} × {measured.assignment}: MiB {mib(measured.memory)}, cgroup "
            f"{mib(measured.cgroup)}, Validate median {seconds(measured.validate, statistics.median)}, slowest "
            f"{seconds(measured.validate, max)}, fail {len(measured.failures)}, load {load(measured)}")
    return "\n".join([line] + [f"    failed: {failure}" for failure in measured.failures])


def report(settings: list[Setting], counts: list[int], assignments: list[str], refused: list[str],
           load_before: float) -> str:
    limited, unlimited = settings
    memory = psutil.virtual_memory().total
    lines = [
        f"hub_sizing: {os.cpu_count()} CPUs, {memory / (1 << 30):.1f} GiB RAM, {platform.system()} "
        f"{platform.release()}; load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after",
        f"limited:   {limited.described}",
        f"unlimited: {unlimited.described}",
        f"MiB: per student, the peak of the summed PSS of their processes (server + Validate's kernel), sampled every "
        f"{SAMPLE_EVERY:g} s,",
        "  median over the students; cgroup: their control group's memory.max_usage_in_bytes (page cache too), median",
        "Validate: POST /user/<name>/assignments/validate (nbgrader's REST endpoint), the correct answers, all N at",
        "  once: median and slowest; fail: did not validate (or the server did not start, or fetch/save failed);",
        "  load: 1-minute load average when the last one answered",
        "",
        f"{'':30}| {'limited':^40} | {'unlimited':^33} | {'limited / unlimited':^20}",
        f"{'assignment':25} {'N':>3} | {'MiB':>5} {'cgroup':>6} {'median':>8} {'slowest':>8} {'fail':>4} {'load':>4} | "
        f"{'MiB':>5} {'median':>8} {'slowest':>8} {'fail':>4} {'load':>4} | {'MiB':>5} {'median':>6} {'slowest':>7}",
    ]
    for assignment in assignments:
        for count in counts:
            a, b = limited.rounds.get((count, assignment)), unlimited.rounds.get((count, assignment))
            if a is None and b is None:
                continue
            a, b = a or Round(count, assignment), b or Round(count, assignment)
            lines.append(
                f"{assignment:25} {count:>3} | {columns(a, True)} | {columns(b, False)} | "
                f"{ratio(_median(a.memory), _median(b.memory)):>5} "
                f"{ratio(_median(a.validate), _median(b.validate)):>6} "
                f"{ratio(max(a.validate, default=None), max(b.validate, default=None)):>7}")
    hub_peaks = [f"{setting.name} {max(r.hub_memory for r in setting.rounds.values()) / MiB:.0f} MiB"
                 for setting in settings if setting.rounds]
    if hub_peaks:
        lines.append(f"the hub itself (hub, proxy, formgrader, culler; without the students' servers), peak: "
                     f"{', '.join(hub_peaks)}")
    lines += refused
    for setting in settings:
        for measured in setting.rounds.values():
            lines += [f"{setting.name} {measured.students} × {measured.assignment} failed: {failure}"
                      for failure in measured.failures[:3]]
    return "\n".join(lines)


def _median(values: list) -> float | None:
    return statistics.median(values) if values else None


# ---------------------------------------------------------------- the command
def interrupted(*_) -> None:
    """SIGTERM handled as Ctrl-C: the hub stopped, the accounts and the temporary home removed."""
    raise KeyboardInterrupt


def numbers(text: str) -> list[int]:
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        counts = []
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError(f"'{text}': give student counts of 1 or more, e.g. 5,10,20")
    return counts


def names(text: str) -> list[str]:
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in chosen if not (REPO / "source" / name).is_dir()]
    if not chosen or unknown:
        raise argparse.ArgumentTypeError(f"no assignment {', '.join(unknown) or text!r} in {REPO / 'source'}")
    return chosen


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--students", type=numbers, default=numbers(DEFAULT_STUDENTS), metavar="N,N,…",
                        help=f"class sizes to try (default {DEFAULT_STUDENTS})")
    parser.add_argument("--assignments", type=names, default=names(DEFAULT_ASSIGNMENTS), metavar="NAME,…",
                        help=f"assignments to validate (default {DEFAULT_ASSIGNMENTS})")
    parser.add_argument("--home", type=Path, default=None, metavar="DIR",
                        help="the hub's folder, for this benchmark only, kept afterwards so the next run reuses "
                             "the edition's venv (default: a temporary folder, removed)")
    arguments = parser.parse_args()
    missing = missing_for_a_hub()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, interrupted)
    home = arguments.home.resolve() if arguments.home else Path(tempfile.mkdtemp(prefix="hub-sizing-"))
    home.mkdir(parents=True, exist_ok=True)
    home.chmod(0o755)  # the students' servers run from <home>/edition/.venv
    refused: list[str] = []
    load_before = os.getloadavg()[0]
    try:
        with the_only_hub():
            settings = benchmark(home, arguments.students, arguments.assignments, refused)
    except KeyboardInterrupt:
        print("interrupted: the hub is stopped and the accounts are removed", file=sys.stderr)
        return 130
    finally:
        if arguments.home is None:
            shutil.rmtree(home, ignore_errors=True)
    print("\n" + report(settings, arguments.students, arguments.assignments, refused, load_before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
