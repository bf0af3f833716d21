"""The class server the tests of this folder share: one running `course-grader hub start` per test module, and
one at a time on the machine (test modules run in parallel, and every hub shares the course's grader account,
which a hub's teardown removes). Each module's hub starts in the same home, emptied of all but what a hub start
installs there (INSTALLED), as a server started again on the same machine finds it."""

from __future__ import annotations

import fcntl
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest
from hub_testing import (
    COURSE,
    ClassServer,
    account_exists,
    free_port,
    missing_for_a_hub,
    private_url_file,
    still_running,
)

from autograder.hub import disks
from autograder.hub import server as classserver

DISK_GIB = 0.25  # each student's home image: reserved when her server starts, discarded (slowly) at teardown
# what `hub start` installs into its home and keeps when it starts there again: the students' Python (edition/.venv,
# two minutes of pip) and the proxy (npm); a fresh home each module installed both again
INSTALLED = ("edition", "proxy")


@pytest.fixture
def open_folder():
    """A folder every account can enter, as /opt is (pytest's own tmp_path is root's alone), removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="course-open-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder)


@pytest.fixture(scope="session")
def hub_home():
    """The class servers' home for this test session (the students' servers run from <home>/edition/.venv)."""
    home = Path(tempfile.mkdtemp(prefix="course-hub-"))
    home.chmod(0o755)
    yield home
    shutil.rmtree(home, ignore_errors=True)


def empty_but_installed(home: Path) -> None:
    """Remove everything in `home` but INSTALLED."""
    for entry in home.iterdir():
        if entry.name in INSTALLED:
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink()


@pytest.fixture(scope="module")
def class_server(postgres, hub_home):
    """The running class server; afterwards the hub, every server it started, the accounts it made, its
    folder (all but what a hub start installs) and its database are gone (checked)."""
    missing = missing_for_a_hub()
    if missing:
        pytest.skip(missing)
    with open(Path(tempfile.gettempdir()) / "course-hub-tests.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, after the teardown below
        empty_but_installed(hub_home)
        yield from _running_class_server(postgres, hub_home)


def _running_class_server(postgres, home: Path):
    tag = secrets.token_hex(3)
    students, instructor = [f"hub{tag}a", f"hub{tag}b"], f"hub{tag}t"
    grader = classserver.grader_account(COURSE)
    accounts = [*students, instructor] + ([] if account_exists(grader) else [grader])
    roster = home / "roster.csv"
    roster.write_text("학번,이름\n" + "\n".join(f"{s},학생{i}" for i, s in enumerate(students, 1)) + "\n",
                      encoding="utf-8")
    roster.chmod(0o600)  # hub start refuses a roster the students can read
    server = ClassServer(home, roster, students, instructor, free_port())
    try:
        server.start("--db-url", f"@{private_url_file(home, postgres.create_database(f'hub_{tag}'))}",
                     "--disk-per-student", str(DISK_GIB))
        yield server
    finally:
        server.stop()
        mounted = [point for point, _ in disks.mounts() if Path(point).is_relative_to(home)]
        left = still_running(accounts)
        for account in accounts:
            subprocess.run(["pkill", "-KILL", "-u", account], check=False)
        for account in accounts:
            if account_exists(account):
                subprocess.run(["userdel", "--remove", account], check=False, capture_output=True)
                subprocess.run(["groupdel", account], check=False, capture_output=True)
        empty_but_installed(home)
        postgres.drop_database(f"hub_{tag}")
        assert not left, f"processes left running as {left}"
        assert not mounted, f"still mounted after the hub stopped: {mounted}"
        with socket.socket() as probe:
            assert probe.connect_ex(("127.0.0.1", server.port)) != 0, "the proxy still answers"
