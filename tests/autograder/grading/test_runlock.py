"""The run lock belongs to the grading parent: a run killed outright never leaves its assignment locked."""

from __future__ import annotations

import os
import sys

import pytest

from autograder.grading.runlock import _file_lock

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _holds(path) -> bool:
    """True when this process has a descriptor open on `path`."""
    folder = "/proc/self/fd"
    for name in os.listdir(folder):
        try:
            if os.readlink(f"{folder}/{name}") == str(path):
                return True
        except OSError:  # the listing's own descriptor, closed by now
            continue
    return False


def test_a_process_forked_while_the_run_holds_the_lock_keeps_no_copy_of_it(tmp_path):
    """Workers, the kernel template and its kernels are forked while the lock is held: none may keep it, or a
    killed run's leftover child would hold the assignment locked after the run itself is gone."""
    path = tmp_path / "ch01.lock"
    with _file_lock(path):
        assert _holds(path)
        child = os.fork()
        if child == 0:
            os._exit(1 if _holds(path) else 0)
        _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "the forked child still held the run's lock file"
