"""Validate's speed for one student on the local Lab: stock nbgrader's Validate and the course's, side by side.

    .venv/bin/python benchmarks/validate_speed.py                        # ch01 and ch07, 3 rounds each
    .venv/bin/python benchmarks/validate_speed.py --assignments ch01_handmade_qkv --rounds 1

One invocation starts `course.py lab` on loopback in a temporary home holding each assignment's right answers
(the source solutions), then for each assignment and round presses both, one after the other, through their REST
endpoints as the Lab's buttons do: nbgrader's POST assignments/validate (its server extension stays on; only its
Lab button is replaced) and the course's POST course-validate (helpers/lab.py). Each prints the wall time of its
POST; at the end, per assignment, the medians and stock/course. Stock starts a fresh kernel that imports the stack;
the course's forks one from the Lab's warm template (helpers/validate_kernels.py, started with the Lab: the first
press waits for it if it is not ready yet: it is printed and not counted). Other work on the machine skews the times:
the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))  # first: tests/autograder is not the package
from course_testing import source_solutions, write_student_notebook  # noqa: E402 - the tests' helpers

TOKEN = "validate-speed"
ASSIGNMENTS = ("ch01_handmade_qkv", "ch07_pretrained_attention")
ENDPOINTS = {"stock": ("assignments/validate", "data"), "course": ("course-validate", "json")}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


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


def press(base: str, kind: str, path: str) -> tuple[float, bool]:
    """(seconds, passed) of one Validate of `path` through `kind`'s endpoint."""
    route, form = ENDPOINTS[kind]
    started = time.monotonic()
    answer = requests.post(base + route, headers=auth(), timeout=900, **{form: {"path": path}})
    seconds = time.monotonic() - started
    answer.raise_for_status()
    result = answer.json()
    passed = result["ok"] if kind == "course" else result["success"] and "failed" not in str(result["value"])
    return seconds, passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--assignments", nargs="+", default=list(ASSIGNMENTS), help="assignments to validate")
    parser.add_argument("--rounds", type=int, default=3, help="presses of each button per assignment")
    options = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="validate-speed-") as folder:
        home = Path(folder)
        for assignment in options.assignments:
            (home / assignment).mkdir()
            write_student_notebook(REPO / "release" / assignment / f"{assignment}.ipynb", source_solutions(assignment),
                                   home / assignment)
        server, base = start_lab(home)
        try:
            seconds, _ = press(base, "course", f"{options.assignments[0]}/{options.assignments[0]}.ipynb")
            print(f"first course press after the Lab started (waits for the template): {seconds:.1f} s, not counted",
                  flush=True)
            times = {}
            for assignment in options.assignments:
                path = f"{assignment}/{assignment}.ipynb"
                for round_number in range(1, options.rounds + 1):
                    for kind in ENDPOINTS:
                        seconds, passed = press(base, kind, path)
                        times.setdefault((assignment, kind), []).append(seconds)
                        print(f"{assignment} round {round_number} {kind:6s} {seconds:6.1f} s"
                              f"{'' if passed else '  (did not pass)'}", flush=True)
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}", flush=True)
    print(f"\n{'assignment':28s} {'stock':>8s} {'course':>8s} {'stock/course':>13s}  (median seconds)")
    for assignment in options.assignments:
        stock, course = (statistics.median(times[(assignment, kind)]) for kind in ENDPOINTS)
        print(f"{assignment:28s} {stock:8.1f} {course:8.1f} {stock / course:13.2f}")


if __name__ == "__main__":
    main()
