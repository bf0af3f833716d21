"""A worker's scratch gradebook written without waiting on the disk.

nbgrader commits some thirty times while it autogrades one notebook, and SQLite syncs the file to the disk at each
commit. A scratch gradebook (autograder/grading/worker.py) lives for one submission: the worker reads it back and
the parent, the only writer of the real gradebook, merges what it holds. Lost in a crash, it is graded again; so it
needs no sync and no journal on disk. Only the files named here are opened that way: never the real gradebook.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine

_SCRATCH: set[str] = set()  # the real paths of this process's scratch gradebooks


def unsynced(db: Path) -> None:
    """Every later connection of this process to the SQLite file `db` writes it without syncing it to the disk and
    keeps its rollback journal in memory."""
    if not event.contains(Engine, "connect", _on_connect):
        event.listen(Engine, "connect", _on_connect)
    _SCRATCH.add(os.path.realpath(db))


def is_scratch(connection: sqlite3.Connection) -> bool:
    """Whether `connection` is to one of the files :func:`unsynced` named."""
    for _, name, path in connection.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return bool(path) and os.path.realpath(path) in _SCRATCH
    return False


def _on_connect(dbapi_connection, connection_record) -> None:
    if isinstance(dbapi_connection, sqlite3.Connection) and is_scratch(dbapi_connection):
        dbapi_connection.execute("PRAGMA synchronous=OFF")
        dbapi_connection.execute("PRAGMA journal_mode=MEMORY")
