"""Running this checkout's Python as another account, wherever the checkout was cloned.

A clone under a folder other accounts cannot enter (a 0700 home, Debian 12's default, or `mktemp -d`) hides
the checkout's `.venv` and code from every other account. The tests that run the course's own code as another
account (a grader, a student) run it in a private mount namespace in which the topmost such folder is covered by
a stand-in that leads to the checkout alone: the same absolute paths work (the venv's scripts name their
interpreter by it), nothing else of the covered folder is visible, and nothing changes outside that process.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]


def closed_folder_above(path: Path = CHECKOUT) -> Path | None:
    """The topmost folder above `path` that accounts other than its owner cannot pass through, if any."""
    for folder in reversed(path.parents):
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def run_as(uid: int, gid: int, command: list[str], *, init_groups: bool = False,
           **run: object) -> subprocess.CompletedProcess:
    """`command` run as `uid`:`gid` (with that account's groups, or none), the checkout reachable to it."""
    groups = "--init-groups" if init_groups else "--clear-groups"
    as_account = ["setpriv", f"--reuid={uid}", f"--regid={gid}", groups, *command]
    closed = closed_folder_above()
    if closed is None:
        return subprocess.run(as_account, **run)
    stand_in = Path(tempfile.mkdtemp(prefix="checkout-view-"))
    try:
        stand_in.chmod(0o755)
        inside = stand_in / CHECKOUT.relative_to(closed)
        inside.mkdir(mode=0o755, parents=True)
        for folder in inside.relative_to(stand_in).parents:
            (stand_in / folder).chmod(0o755)
        view = 'mount --bind "$1" "$2" && mount --rbind "$3" "$4" && shift 4 && exec "$@"'
        return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", view, "view",
                               str(CHECKOUT), str(inside), str(stand_in), str(closed), *as_account], **run)
    finally:
        shutil.rmtree(stand_in, ignore_errors=True)


def python_environment(home: Path | str) -> dict[str, str]:
    """The environment another account's run of the checkout's code gets: its home, and the checkout importable."""
    return {"PATH": os.environ["PATH"], "HOME": str(home), "PYTHONPATH": str(CHECKOUT)}
