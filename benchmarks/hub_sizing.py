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
The hub runs as README sets it up, each server on its own origin over HTTPS (benchmarks/hub_class.py, which
benchmarks/validate_speed.py shares).
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
import os
import platform
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import hub_class
import psutil
from hub_class import (
    SAMPLE_EVERY,
    MemorySampler,
    Round,
    get_class_ready,
    load,
    median,
    mib,
    press_all,
    ratio,
    seconds,
)
from hub_testing import ClassServer, Student, missing_for_a_hub

DEFAULT_STUDENTS = "5,10,20"
DEFAULT_ASSIGNMENTS = "ch01_handmade_qkv,ch07_pretrained_attention"
WITHOUT_LIMITS = ("--student-memory", "0", "--student-cpus", "0", "--student-processes", "0", "--idle-timeout", "0")
MiB = hub_class.MiB


@dataclass
class Setting:
    name: str
    options: tuple[str, ...]
    rounds: dict[tuple[int, str], Round] = field(default_factory=dict)
    described: str = ""


# ---------------------------------------------------------------- one round: N students, one assignment
def run_round(server: ClassServer, students: list[str], assignment: str, limited: bool) -> Round:
    """N students get ready (log in, start, fetch, save the answers); those who did press Validate at once. A
    student who could not get ready or validate is a failure of the round, with the reason."""
    clients = [Student(server.base, name) for name in students]
    with MemorySampler(students, psutil.Process(server.process.pid)) as sampler, \
            ThreadPoolExecutor(len(clients)) as pool:
        problems = get_class_ready(pool, clients, assignment)
        ready = [client for client, problem in zip(clients, problems, strict=True) if not problem]
        validated = press_all(pool, ready, "stock", f"{assignment}/{assignment}.ipynb")
    result = hub_class.measured(len(students), assignment, clients, problems, validated, sampler, limited)
    with ThreadPoolExecutor(len(clients)) as pool:
        hub_class.stop_servers(pool, clients)
    return result


# ---------------------------------------------------------------- the whole benchmark
def fits(students: int, assignment: str, settings: list[Setting]) -> tuple[bool, str]:
    """Whether N students of `assignment` fit in the memory free now (per student: the most any student used in an
    earlier round of it, in either setting)."""
    measured = [peak for setting in settings for (n, name), got in setting.rounds.items() if name == assignment
                for peak in got.memory + got.cgroup]
    return hub_class.fits(students, assignment, measured)


def benchmark(home: Path, counts: list[int], assignments: list[str], refused: list[str]) -> list[Setting]:
    settings = [Setting("limited", ()), Setting("unlimited", WITHOUT_LIMITS)]
    with hub_class.class_on_hub(home, max(counts)) as (server, students):
        for setting in settings:
            print(f"[{time.strftime('%H:%M:%S')}] hub start ({setting.name})…", flush=True)
            server.start(*setting.options)
            setting.described = hub_class.describe(server)
            hub_class.release(server, assignments)
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
    return settings


# ---------------------------------------------------------------- printing
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
                f"{ratio(median(a.memory), median(b.memory)):>5} "
                f"{ratio(median(a.validate), median(b.validate)):>6} "
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


# ---------------------------------------------------------------- the command
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    hub_class.hub_options(parser, DEFAULT_STUDENTS, DEFAULT_ASSIGNMENTS)
    arguments = parser.parse_args()
    missing = missing_for_a_hub()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    refused: list[str] = []
    load_before = os.getloadavg()[0]
    try:
        with hub_class.benchmark_home(arguments.home, "hub-sizing-") as home:
            settings = benchmark(home, arguments.students, arguments.assignments, refused)
    except KeyboardInterrupt:
        print("interrupted: the hub is stopped and the accounts are removed", file=sys.stderr)
        return 130
    print("\n" + report(settings, arguments.students, arguments.assignments, refused, load_before))
    return 0


if __name__ == "__main__":
    sys.exit(main())
