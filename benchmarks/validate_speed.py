"""Validate's speed: stock nbgrader's Validate and the course's, side by side, for one student on the local Lab and
for N students at once on the real class server.

    sudo .venv/bin/python benchmarks/validate_speed.py            # ch01, ch07: local, then 5, 10, 20 on the hub
    .venv/bin/python benchmarks/validate_speed.py --where local --assignments ch01_handmade_qkv --rounds 1
    .venv/bin/python benchmarks/validate_speed.py --where hub --students 2 --home /var/tmp/validate-speed-hub

Both buttons are pressed through their REST endpoints, as the Lab's buttons do: nbgrader's POST
assignments/validate (its server extension stays on; only its Lab button is replaced), which starts a fresh kernel
that imports the stack, and the course's POST course-validate (helpers/lab.py), which forks one from the Lab's warm
template (helpers/validate_template.py, started with the Lab) in the Lab's queue (one at a time per Lab).

Local, one student: `course.py lab` on loopback in a temporary home holding each assignment's right answers (the
source solutions); for each assignment and round both buttons one after the other. Each prints the wall time of its
POST; at the end, per assignment, the medians and stock/course. The first course press waits for the template if it
is not ready yet: it is printed and not counted.

On the class server (as root): `course-grader hub start` with its defaults (the limits per student and the idle
culler) on loopback over HTTPS, as benchmarks/hub_sizing.py runs it (benchmarks/hub_class.py, shared with it), with
a roster of max(--students) accounts and the assignments released. For each N, N students log in and start
their servers, then wait until their Lab's template is ready, since a student works on the notebook for minutes
before she presses Validate and her template has long imported the stack by then: the benchmark polls
GET course-validate on her server (helpers/lab.py answers with the template's state without starting anything)
until it says "ready". Then, for each assignment (the same servers), they fetch it and save its right answers
(tests/sample_class), all N press stock Validate at the same moment, and once every one has answered, all N press
the course's at the same moment. For each:
- wall time of the POST, median and slowest over those who pressed it, and how many of the N failed (a server that
  did not start, a fetch or save that failed, a template not ready in time, a Validate that did not pass);
- memory per student: the peak of the summed PSS of the student's processes while they pressed it, sampled every
  0.5 s, median over the students (as hub_sizing measures). Stock's leaves out the student's idle template, which
  stock's Validate does not use (a class without the course's extension has none): her server and stock's fresh
  kernel. The course's counts everything of hers: her server, her template and the kernel forked from it (the fork
  shares the template's pages until it writes them, and PSS counts a page shared by k processes as 1/k in each).
  A sample every 0.5 s can miss the course's short-lived kernel at its largest, so the course's press also reads
  "cgroup": her control group's memory.max_usage_in_bytes (cgroup v1), started again just before that press, which
  the kernel keeps exactly (all her processes, the page cache they read too; not for stock, whose group holds her
  idle template as well);
- stock/course of the median and of the slowest wall time.
Each round prints its lines as soon as it ends, with every failure and why; the table at the end. Before each N
it checks that N students fit in the memory free (as hub_sizing: the most any student used in an earlier round, or
1 GiB, and 2 GiB for the system) and refuses an N that does not, with a line. The accounts it
makes and a temporary home are removed afterwards, also on Ctrl-C, SIGTERM or failure; it takes the hub tests'
lock. Other work on the machine skews the times: the load average is printed.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import hub_class  # puts tests/ and the repository on sys.path
import psutil
import requests

# isort: split
from course_testing import source_solutions, write_student_notebook
from hub_class import ENDPOINTS, SAMPLE_EVERY, MemorySampler, Round, load, median, mib, ratio, seconds
from hub_testing import ClassServer, Student, free_port, missing_for_a_hub

REPO = hub_class.REPO
TOKEN = "validate-speed"
DEFAULT_ASSIGNMENTS = "ch01_handmade_qkv,ch07_pretrained_attention"
DEFAULT_STUDENTS = "5,10,20"
TEMPLATE_TIMEOUT = 600  # seconds for N templates importing the stack at once on a small machine
TEMPLATE = "helpers.validate_template"  # the template's command line: python -m helpers.validate_template …


def load_average() -> str:
    return "load average: " + " ".join(f"{value:.2f}" for value in os.getloadavg())


# ---------------------------------------------------------------- one student, the local Lab
def start_lab(home: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    environment = dict(os.environ, HOME=str(home), JUPYTER_CONFIG_DIR=str(home / ".jupyter"))
    server = subprocess.Popen(
        [sys.executable, str(REPO / "course.py"), "lab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--ServerApp.root_dir={home}", f"--IdentityProvider.token={TOKEN}"],
        cwd=home, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    for _ in range(240):
        try:
            requests.get(f"{base}api/status", headers=auth(), timeout=2)
            return server, base
        except requests.ConnectionError:
            time.sleep(0.5)
    raise SystemExit("JupyterLab did not start in 120 s")


def auth() -> dict:
    return {"Authorization": f"token {TOKEN}"}


def local(assignments: list[str], rounds: int) -> None:
    """One student on the local Lab: both buttons, `rounds` times each per assignment; the medians."""
    print(load_average(), flush=True)
    with tempfile.TemporaryDirectory(prefix="validate-speed-") as folder:
        home = Path(folder)
        for assignment in assignments:
            (home / assignment).mkdir()
            write_student_notebook(REPO / "release" / assignment / f"{assignment}.ipynb", source_solutions(assignment),
                                   home / assignment)
        server, base = start_lab(home)
        try:
            took, _ = hub_class.press_validate(base, auth(), "course", f"{assignments[0]}/{assignments[0]}.ipynb")
            print(f"first course press after the Lab started (waits for the template): {took:.1f} s, not counted",
                  flush=True)
            times = {}
            for assignment in assignments:
                for round_number in range(1, rounds + 1):
                    for kind in ENDPOINTS:
                        took, problem = hub_class.press_validate(base, auth(), kind, f"{assignment}/{assignment}.ipynb")
                        times.setdefault((assignment, kind), []).append(took)
                        print(f"{assignment} round {round_number} {kind:6s} {took:6.1f} s"
                              f"{f'  (did not pass: {problem})' if problem else ''}", flush=True)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(load_average(), flush=True)
    print(f"\n{'assignment':28s} {'stock':>8s} {'course':>8s} {'stock/course':>13s}  (median seconds)")
    for assignment in assignments:
        stock, course = (statistics.median(times[(assignment, kind)]) for kind in ENDPOINTS)
        print(f"{assignment:28s} {stock:8.1f} {course:8.1f} {stock / course:13.2f}", flush=True)


# ---------------------------------------------------------------- N students, the class server
def wait_for_template(client: Student) -> None:
    """Until GET course-validate on her server says her Lab's template is ready (it starts with her Lab)."""
    deadline, state = time.monotonic() + TEMPLATE_TIMEOUT, "?"
    while time.monotonic() < deadline:
        state = client.call("GET", "course-validate").json()["template"]
        if state == "ready":
            return
        time.sleep(1)
    raise AssertionError(f"her template was not ready in {TEMPLATE_TIMEOUT} s (GET course-validate: {state})")


def arrive_and_wait(client: Student) -> None:
    """Log in, start her server and wait until her Lab's template is ready."""
    hub_class.arrive(client)
    wait_for_template(client)


def is_template(process: psutil.Process) -> bool:
    """Her Lab's template (or a kernel forked from it: the same command line)."""
    return TEMPLATE in process.cmdline()


def compare_rounds(server: ClassServer, students: list[str], assignments: list[str]) -> dict[str, dict[str, Round]]:
    """N students log in and start their servers, and wait until their templates are ready; then for each
    assignment they fetch it and save the answers, press stock Validate all at once, then the course's all at once.
    {assignment: {kind: what it measured}}."""
    clients = [Student(server.base, name) for name in students]
    hub, results = psutil.Process(server.process.pid), {}
    with ThreadPoolExecutor(len(clients)) as pool:
        started = time.monotonic()
        arrived = hub_class.everyone(pool, clients, arrive_and_wait)
        print(f"  {len(students)} servers started and their templates ready in {time.monotonic() - started:.0f} s",
              flush=True)
        for assignment in assignments:
            hub_class.remove_fetched(clients, assignment)
            problems = hub_class.everyone(pool, clients, functools.partial(hub_class.fetch_answers,
                                                                           assignment=assignment), arrived)
            ready = [client for client, problem in zip(clients, problems, strict=True) if not problem]
            rounds = results[assignment] = {}
            for kind in ENDPOINTS:
                # this press's peak of her group; not stock's: her group holds her idle template too
                cgroup = kind == "course" and all([hub_class.reset_cgroup_peak(client.name) for client in ready])
                with MemorySampler(students, hub, is_template if kind == "stock" else lambda _: False) as sampler:
                    validated = hub_class.press_all(pool, ready, kind, f"{assignment}/{assignment}.ipynb")
                rounds[kind] = hub_class.measured(len(students), assignment, clients, problems, validated, sampler,
                                                  limited=bool(ready) and cgroup)
                print(round_line(kind, rounds[kind]), flush=True)
            print(ratio_line(rounds), flush=True)
        hub_class.stop_servers(pool, clients)
    return results


def hub(home: Path, counts: list[int], assignments: list[str], refused: list[str]) -> tuple[str, dict]:
    """Every round on one hub with `hub start`'s defaults: (the limits it ran with, {(N, assignment): rounds})."""
    results: dict[tuple[int, str], dict[str, Round]] = {}
    with hub_class.class_on_hub(home, max(counts)) as (server, students):
        print(f"[{time.strftime('%H:%M:%S')}] hub start…", flush=True)
        server.start()
        described = hub_class.describe(server)
        hub_class.release(server, assignments)
        for count in counts:
            measured = [peak for rounds in results.values() for got in rounds.values() for peak in got.memory]
            ok, line = hub_class.fits(count, "the heaviest assignment so far", measured)
            if not ok:
                print(line, flush=True)
                refused.append(line)
                continue
            print(f"[{time.strftime('%H:%M:%S')}] {count} students × {', '.join(assignments)}…", flush=True)
            for assignment, rounds in compare_rounds(server, students[:count], assignments).items():
                results[count, assignment] = rounds
        server.stop()
    return described, results


# ---------------------------------------------------------------- printing
def round_line(kind: str, measured: Round) -> str:
    """What one kind's presses measured, printed as soon as they end."""
    line = (f"  {measured.students} × {measured.assignment} {kind}: MiB {mib(measured.memory)}, cgroup "
            f"{mib(measured.cgroup)}, Validate median "
            f"{seconds(measured.validate, statistics.median)}, slowest {seconds(measured.validate, max)}, "
            f"fail {len(measured.failures)}, load {load(measured)}")
    return "\n".join([line] + [f"    failed: {failure}" for failure in measured.failures])


def ratio_line(rounds: dict[str, Round]) -> str:
    stock, course = rounds["stock"], rounds["course"]
    return (f"  stock/course: median {ratio(median(stock.validate), median(course.validate))}, slowest "
            f"{ratio(max(stock.validate, default=None), max(course.validate, default=None))}")


def columns(measured: Round) -> str:
    return (f"{mib(measured.memory):>5} {mib(measured.cgroup):>6} {seconds(measured.validate, statistics.median):>8} "
            f"{seconds(measured.validate, max):>8} {len(measured.failures):>4} {load(measured):>4}")


def report(described: str, results: dict, counts: list[int], assignments: list[str], refused: list[str],
           load_before: float) -> str:
    memory = psutil.virtual_memory().total
    lines = [
        f"validate_speed on the class server: {os.cpu_count()} CPUs, {memory / (1 << 30):.1f} GiB RAM, "
        f"{platform.system()} {platform.release()}; load average {load_before:.1f} before, "
        f"{os.getloadavg()[0]:.1f} after",
        f"hub start's defaults: {described}",
        f"MiB: per student, the peak of the summed PSS of their processes while they pressed, sampled every "
        f"{SAMPLE_EVERY:g} s, median over",
        "  the students; stock: server + fresh kernel (her idle template left out); course: server + template + "
        "forked kernel;",
        "  cgroup (course only): her control group's memory.max_usage_in_bytes, started again before the press (all of",
        "  hers, page cache too), median",
        "stock: POST /user/<name>/assignments/validate (nbgrader); course: POST /user/<name>/course-validate, once "
        "her template",
        "  was ready; the correct answers, all N at once: median and slowest; fail: did not validate (or not ready);",
        "  load: 1-minute load average when the last one answered",
        "",
        f"{'':30}| {'stock':^39} | {'course':^39} | {'stock/course':^14}",
        f"{'assignment':25} {'N':>3} | "
        + " | ".join([f"{'MiB':>5} {'cgroup':>6} {'median':>8} {'slowest':>8} {'fail':>4} {'load':>4}"] * 2)
        + f" | {'median':>6} {'slowest':>7}",
    ]
    for assignment in assignments:
        for count in counts:
            rounds = results.get((count, assignment))
            if rounds is None:
                continue
            stock, course = rounds["stock"], rounds["course"]
            lines.append(f"{assignment:25} {count:>3} | {columns(stock)} | {columns(course)} | "
                         f"{ratio(median(stock.validate), median(course.validate)):>6} "
                         f"{ratio(max(stock.validate, default=None), max(course.validate, default=None)):>7}")
    return "\n".join(lines + refused)


# ---------------------------------------------------------------- the command
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--where", choices=("both", "local", "hub"), default="both",
                        help="one student on the local Lab, N students on the class server, or both (default)")
    parser.add_argument("--rounds", type=int, default=3, help="local: presses of each button per assignment")
    hub_class.hub_options(parser, DEFAULT_STUDENTS, DEFAULT_ASSIGNMENTS, hub="hub: ")
    arguments = parser.parse_args()
    on_hub = arguments.where in ("both", "hub")
    missing = missing_for_a_hub() if on_hub else None
    if missing:
        print(missing, file=sys.stderr)
        return 2
    if arguments.where in ("both", "local"):
        print("one student, the local Lab (course.py lab):", flush=True)
        local(arguments.assignments, arguments.rounds)
    if not on_hub:
        return 0
    print(f"\nN students at once, the class server (hub start's defaults): {load_average()}", flush=True)
    refused: list[str] = []
    load_before = os.getloadavg()[0]
    try:
        with hub_class.benchmark_home(arguments.home, "validate-speed-hub-") as home:
            described, results = hub(home, arguments.students, arguments.assignments, refused)
    except KeyboardInterrupt:
        print("interrupted: the hub is stopped and the accounts are removed", file=sys.stderr)
        return 130
    print("\n" + report(described, results, arguments.students, arguments.assignments, refused, load_before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
