"""No secret of the class server that another account can read (issue 40, item 2): the gradebook's password,
given to `hub start` in a 0600 URL file as README's set-up does, is on no process's command line (every account
reads /proc/<pid>/cmdline) and in no file but the grader account's own 0600 PGPASSFILE."""

from __future__ import annotations

import os
import pwd
import stat
from pathlib import Path

import psutil
import pytest
from hub_testing import COURSE, GRADEBOOK_PASSWORD

from autograder.hub import server as classserver

pytestmark = pytest.mark.slow
SKIPPED = {".venv", "node_modules"}  # installed packages: hub start writes no secret there
LARGEST = 1 << 20


def _files_holding(folder: Path, secret: bytes) -> list[Path]:
    found = []
    for parent, folders, files in os.walk(folder):
        folders[:] = [name for name in folders if name not in SKIPPED]
        for name in files:
            path = Path(parent) / name
            if path.is_file() and not path.is_symlink() and path.stat().st_size < LARGEST and \
                    secret in path.read_bytes():
                found.append(path)
    return found


def test_the_gradebooks_password_is_on_no_command_line_every_account_can_read(class_server):
    shown = [" ".join(process.info["cmdline"]) for process in psutil.process_iter(["cmdline"])
             if process.info["cmdline"] and GRADEBOOK_PASSWORD in " ".join(process.info["cmdline"])]
    assert not shown, f"the gradebook's password is in `ps`: {shown}"


def test_the_gradebooks_password_is_in_no_file_but_the_graders_own_passfile(class_server):
    grader = pwd.getpwnam(classserver.grader_account(COURSE))
    passfile = class_server.course_root / classserver.GRADER_PASSFILE
    holding = _files_holding(class_server.home, GRADEBOOK_PASSWORD.encode())
    assert passfile in holding, holding
    for path in holding:
        info = path.stat()
        assert not info.st_mode & 0o077, f"{path} ({stat.filemode(info.st_mode)}) shows the password to others"
        assert info.st_uid in (0, grader.pw_uid), path
    assert passfile.stat().st_uid == grader.pw_uid
    assert {path.name for path in holding} <= {classserver.GRADER_PASSFILE, "gradebook-url"}, holding
