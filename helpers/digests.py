"""SHA-256 of files, computed once a process for each state of a file (its size, change time and inode).

Its own module so that a fresh import of the course's judge (helpers.fresh_import) keeps what was computed: every
check of ch07 reads the model file's digest before it trusts the weights, 90 MB hashed in about 60 ms.
"""

from __future__ import annotations

import hashlib
import os

_KNOWN: dict[tuple[str, int, int, int], str] = {}  # (real path, size, st_ctime_ns, inode) → hex digest


def sha256(path) -> str:
    """The hex SHA-256 of the file at `path`."""
    real = os.path.realpath(path)
    status = os.stat(real)
    state = (real, status.st_size, status.st_ctime_ns, status.st_ino)
    if state not in _KNOWN:
        digest = hashlib.sha256()
        with open(real, "rb") as file:
            for block in iter(lambda: file.read(1 << 22), b""):
                digest.update(block)
        _KNOWN[state] = digest.hexdigest()
    return _KNOWN[state]
