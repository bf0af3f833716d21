"""A throw-away PostgreSQL server for the tests: Debian's own binaries, a temp data folder, a free loopback port.

    url, stop = start_postgres()          # postgresql://grader@127.0.0.1:PORT/postgres; stop() removes it all

    server = PostgresServer()             # the same, with more handles (the `postgres` fixture is one)
    url = server.create_database("ch01")  # a fresh database on it
    server.stop(immediate=True)           # the server goes down (a crash: no checkpoint) ...
    server.start()                        # ... and comes back on the same port with the same data
    server.close()                        # stopped, and its folder removed

The fixtures `postgres` (one server per test session) and `postgres_url` (a fresh database per test,
dropped after it) are in tests/conftest.py. The server is the real one, never a mock: found by glob at
/usr/lib/postgresql/<version>/bin (the newest), run as the unprivileged user `postgres` (else `nobody`)
when the tests run as root, because PostgreSQL refuses root. Its superuser `grader` is trusted on
127.0.0.1 only (no password). It is a child of the test process and dies with it, even by SIGKILL.
Without the binaries :class:`Unavailable` says what to install.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

BINARIES = "/usr/lib/postgresql/*/bin"  # Debian's postgresql-<version> packages; not on PATH
SUPERUSER = "grader"
INSTALL = "PostgreSQL 서버가 없습니다 (/usr/lib/postgresql/<버전>/bin): `apt-get install postgresql`로 설치하세요"
PR_SET_PDEATHSIG = 1


class Unavailable(RuntimeError):
    """No PostgreSQL binaries on this machine (the message says what to install)."""


def find_binaries() -> Path | None:
    """The bin folder of the newest PostgreSQL installed under /usr/lib/postgresql, or None."""
    def version(folder: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in folder.parent.name.split(".") if part.isdigit())

    found = [Path(p) for p in glob.glob(BINARIES)]
    return max((p for p in found if (p / "initdb").is_file() and (p / "postgres").is_file()), key=version, default=None)


def _account() -> pwd.struct_passwd | None:
    """The unprivileged user to run PostgreSQL as when we are root; None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    raise Unavailable("root로 실행 중인데 PostgreSQL을 돌릴 권한 없는 사용자(postgres 또는 nobody)가 없습니다")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_parent() -> None:
    """In the server's process, after the switch of user: SIGQUIT (immediate shutdown) when the test process dies."""
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGQUIT)


class PostgresServer:
    """One PostgreSQL cluster in a fresh temp folder, started on a free port of 127.0.0.1."""

    def __init__(self):
        self.bin = find_binaries()
        if self.bin is None:
            raise Unavailable(INSTALL)
        self.account = _account()
        self.folder = Path(tempfile.mkdtemp(prefix="course-postgres-"))  # under /tmp: reachable by `postgres`
        self.data, self.log = self.folder / "data", self.folder / "server.log"
        self.port = _free_port()
        self.process: subprocess.Popen | None = None
        try:
            if self.account:
                os.chown(self.folder, self.account.pw_uid, self.account.pw_gid)
            subprocess.run([str(self.bin / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                            "--encoding=UTF8", "--no-locale", "--no-sync"], check=True, capture_output=True,
                           **self._as_account())
            self.start()
        except BaseException:
            self.close()
            raise

    @property
    def url(self) -> str:
        """The URL of the cluster's `postgres` database (for creating and dropping others)."""
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        """postgresql://grader@127.0.0.1:PORT/<name>, in the form an instructor would write it."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{name}"

    def _as_account(self) -> dict:
        if not self.account:
            return {"cwd": self.folder}
        return {"cwd": self.folder, "user": self.account.pw_uid, "group": self.account.pw_gid, "extra_groups": []}

    def start(self, timeout: float = 60) -> None:
        """Start the server (again) on its port and wait until it accepts connections."""
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [str(self.bin / "postgres"), "-D", str(self.data), "-p", str(self.port),
                 "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, preexec_fn=_die_with_parent, **self._as_account())
        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self.url, connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    tail = self.log.read_text(errors="replace")[-2000:]
                    self.stop(immediate=True)
                    raise RuntimeError(f"PostgreSQL did not start on port {self.port}:\n{tail}") from None
                time.sleep(0.1)

    def stop(self, immediate: bool = False, timeout: float = 30) -> None:
        """Stop the server, keeping its data: a fast shutdown, or with `immediate` a crash-like one
        (no checkpoint; the next start recovers from the write-ahead log)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT if immediate else signal.SIGINT)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def create_database(self, name: str) -> str:
        """A new empty database `name`; returns its URL."""
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.database_url(name)

    def drop_database(self, name: str) -> None:
        """Drop database `name`, disconnecting whoever is still on it."""
        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def close(self) -> None:
        """Stop the server and remove its folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_postgres() -> tuple[str, Callable[[], None]]:
    """Start a throw-away server; returns (URL of its `postgres` database, stop) where stop() stops the
    server and removes its folder. Raises :class:`Unavailable` when PostgreSQL is not installed."""
    server = PostgresServer()
    return server.url, server.close
