"""One `grade` run of an assignment at a time, on this machine and on every machine sharing the gradebook.

- A file lock on ``autograded/.autograder/<assignment>.lock`` refuses a second run from the same course folder.
- On a PostgreSQL gradebook, an advisory lock (``pg_try_advisory_lock``) keyed on the course id and the
  assignment, held on a connection of its own for the whole run, refuses a run on another machine too.
  The server lets it go when that connection ends, so a killed run never leaves the assignment locked.
  :meth:`RunLock.check` asks the connection once per merged student: when the server went down (and the lock
  with it) the run stops instead of merging without the lock.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from autograder.course.context import CourseContext, CourseError, is_server, unavailable

BUSY = "다른 grade 명령이 이미 이 과제를 채점하고 있습니다"
HOLDER = text("SELECT a.application_name, host(a.client_addr), a.backend_start FROM pg_locks l "
              "JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
              "AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
              "AND l.classid::bigint = :high AND l.objid::bigint = :low AND l.objsubid = 1")


class RunBusy(CourseError):
    """Another run holds the assignment (Korean message)."""


def lock_key(course_id: str, assignment: str) -> int:
    """The advisory lock's 64-bit key of one assignment of one course (the same on every machine)."""
    digest = hashlib.sha256(f"course-grader grade\0{course_id}\0{assignment}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


@contextlib.contextmanager
def _file_lock(path: Path):
    """Hold an exclusive lock on `path` for the block; RunBusy when another run holds it.

    The lock is the parent's alone: a process forked while it is held (a worker, and through it the kernel
    template and its kernels) closes its copy of the descriptor at once, so the lock ends with the parent
    even when a child outlives it for a moment."""
    handle = open(path, "a+")  # noqa: SIM115 - held for the whole block
    os.register_at_fork(after_in_child=handle.close)
    try:
        try:
            try:
                import fcntl

                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except ImportError:  # pragma: no cover - Windows
                import msvcrt

                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            raise RunBusy(f"{BUSY} ({path.name}). 그 명령이 끝난 뒤 다시 실행하세요.") from None
        yield
    finally:
        handle.close()


class RunLock:
    """The run's hold on the assignment; on a PostgreSQL gradebook, its advisory lock's connection."""

    def __init__(self, context: CourseContext, assignment: str):
        self.url, self.connection = context.db_url, None
        self.key = lock_key(context.course_id, assignment)
        self.what = f"과정 {context.course_id}의 과제 {assignment}"

    def acquire(self) -> None:
        """Take the advisory lock (nothing to take for SQLite); RunBusy when another run holds it."""
        if not is_server(self.url):
            return
        name = f"course-grader grade, {socket.gethostname()} pid {os.getpid()}"[:63]
        engine = create_engine(self.url, poolclass=NullPool, connect_args={"application_name": name})
        try:
            self.connection = engine.connect()
            taken = self.connection.execute(text("SELECT pg_try_advisory_lock(:key)"), {"key": self.key}).scalar()
            holder = None if taken else self._holder()
            self.connection.commit()
        except OperationalError as error:
            self.release()
            raise unavailable(self.url, error) from None
        if not taken:
            self.release()
            where = f"; 잡고 있는 곳: {holder}" if holder else ""
            raise RunBusy(f"{BUSY} (성적부 서버의 잠금, {self.what}{where}). 다른 컴퓨터에서 같은 성적부로 채점하는 "
                          "명령일 수 있습니다. 그 명령이 끝난 뒤 다시 실행하세요.")

    def _holder(self) -> str | None:
        """Who holds the lock, as the server knows it: program, machine and pid, address, since when."""
        row = self.connection.execute(HOLDER, {"high": (self.key >> 32) & 0xFFFFFFFF,
                                               "low": self.key & 0xFFFFFFFF}).first()
        if row is None:
            return None
        name, address, since = row
        parts = [name or None, address, f"{since:%Y-%m-%d %H:%M}부터" if since else None]
        return ", ".join(part for part in parts if part) or None

    def check(self) -> None:
        """GradebookUnavailable when the lock's connection is gone (the server went down and let the lock go)."""
        if self.connection is None:
            return
        try:
            self.connection.execute(text("SELECT 1"))
            self.connection.commit()
        except OperationalError as error:
            raise unavailable(self.url, error) from None

    def release(self) -> None:
        """Let the lock go (closing its connection does; a dead connection has nothing left to let go)."""
        if self.connection is not None:
            with contextlib.suppress(OperationalError):
                self.connection.close()
            self.connection.engine.dispose()
            self.connection = None


@contextlib.contextmanager
def run_lock(context: CourseContext, assignment: str):
    """Hold `assignment` for the block: the file lock, then the server's lock; yields the RunLock."""
    with _file_lock(context.state_dir / f"{assignment}.lock"):
        lock = RunLock(context, assignment)
        lock.acquire()
        try:
            yield lock
        finally:
            lock.release()
