"""Harms a student did to a real `hub start` (issue 40), on one running class server:

- the gradebook's password, given to `hub start` in a 0600 URL file as README's set-up does, is on no process's
  command line (every account reads /proc/<pid>/cmdline) and in no file but the grader account's own 0600
  PGPASSFILE (item 2);
- a student who fills her home still opens her notebook and runs a kernel (her server's runtime files are in her
  private /tmp), gets a Korean error when she saves, and her classmate still saves and submits (item 6: her home is
  a size-capped filesystem of its own on this machine);
- a student who tries to fill the exchange's disk adds nothing there (its root and inbound are the grader's) and,
  filling her own inbound folder, fills her own image only: her classmate still submits and is collected (item 6)."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
from pathlib import Path

import psutil
import pytest
import requests
from hub_testing import ASSIGNMENT, COURSE, GRADEBOOK_PASSWORD, NOTEBOOK, Student, as_account, outputs, run_grader

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


def test_a_student_whose_home_is_full_still_opens_her_notebook_and_runs_it_gets_a_korean_error_on_save_and_her_classmate_still_saves_and_submits(  # noqa: E501
        class_server):
    server = class_server
    run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    filler, classmate = (Student(server.base, name) for name in server.students)
    for student in (filler, classmate):
        student.log_in()
        student.start_server()
        student.assignments("fetch")
    home = Path(pwd.getpwnam(filler.name).pw_dir)
    assert os.path.ismount(home), "her home is not a filesystem of its own"
    for block, name in (("4M", "fill"), ("4k", "crumbs")):  # the last free blocks too
        filled = as_account(filler.name, "dd", "if=/dev/zero", f"of={home / name}", f"bs={block}")
        assert "No space left on device" in filled.stderr, filled.stderr
    notebook = filler.read(NOTEBOOK)["content"]  # opened with her disk full (the notebook signatures live in /tmp)
    kernel = filler.call("POST", "api/sessions", json={"path": NOTEBOOK, "type": "notebook",
                                                       "kernel": {"name": "python3"}}).json()["kernel"]["id"]
    assert "4" in outputs(filler.execute(kernel, "print(2 + 2)"))  # its connection file, IPython's: in her /tmp
    notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "메모 " * (1 << 18)})  # 1 MiB more
    saved = requests.put(f"{filler.server}api/contents/{NOTEBOOK}", headers=filler.headers,
                         json={"type": "notebook", "format": "json", "content": notebook}, timeout=300)
    assert saved.status_code == 507 and "디스크 한도를 다 썼습니다" in saved.json()["message"], saved.text[-800:]
    classmate.save_notebook(NOTEBOOK, classmate.read(NOTEBOOK)["content"])
    listing = classmate.assignments("submit")
    assert [s for a in listing if a["status"] == "submitted" for s in a["submissions"]], listing



def _ready(server, student: Student) -> None:
    """The assignment released (once per class server), her server running and the assignment fetched."""
    if not (server.home / "exchange" / COURSE / "outbound" / ASSIGNMENT).is_dir():
        run_grader(server, "hub", "release", ASSIGNMENT, "--home", str(server.home))
    student.log_in()
    student.start_server()
    if not (Path(pwd.getpwnam(student.name).pw_dir) / NOTEBOOK).is_file():
        student.assignments("fetch")


def test_a_student_who_fills_the_exchange_fills_only_her_own_limit_and_a_classmate_still_submits(class_server):
    server = class_server
    filler, classmate = (Student(server.base, name) for name in server.students)
    for student in (filler, classmate):
        _ready(server, student)
    exchange = server.home / "exchange"
    inbound = exchange / COURSE / "inbound"
    for planted in (inbound / f"{filler.name}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC", exchange / "fill"):
        tried = as_account(filler.name, "mkdir", str(planted))
        assert tried.returncode != 0 and "Permission denied" in tried.stderr, (planted, tried.stderr)
    hers = inbound / filler.name
    assert os.path.ismount(hers) and os.stat(hers).st_dev == os.stat(server.home / "disks" / filler.name).st_dev, \
        "her inbound folder is not on her own image"
    free_before = shutil.disk_usage(exchange).free
    entry = hers / f"{filler.name}+{ASSIGNMENT}+2099-01-01 00:00:00.000000 UTC+fill"
    filled = as_account(filler.name, "sh", "-c", f"mkdir '{entry}' && dd if=/dev/zero of='{entry}/fill' bs=4M")
    assert "No space left on device" in filled.stderr, filled.stderr
    assert free_before - shutil.disk_usage(exchange).free < (64 << 20), "her submission took the shared disk"
    as_account(filler.name, "rm", "-rf", str(entry))
    classmate.save_notebook(NOTEBOOK, classmate.read(NOTEBOOK)["content"])
    listing = classmate.assignments("submit")
    assert [s for a in listing if a["status"] == "submitted" for s in a["submissions"]], listing
    run_grader(server, "hub", "collect", ASSIGNMENT, "--home", str(server.home))
    assert (server.course_root / "submitted" / classmate.name / ASSIGNMENT / Path(NOTEBOOK).name).is_file()
