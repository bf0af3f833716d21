"""Root's machine-wide state (the sandbox's slot locks, a grading machine's scratch) where only root writes: a
folder another account made first, or a link it left, never steers root (issue 40, item 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from autograder.sandbox import policy

NOBODY = 65534

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the harm is root's: run the tests as root")


def _no_other_account_can_write(path: Path) -> bool:
    return all(folder.stat().st_uid == 0 and not folder.stat().st_mode & 0o022
               for folder in [path, *path.parents])


@needs_root
def test_roots_slot_locks_live_where_no_other_account_can_write(monkeypatch):
    monkeypatch.setattr(policy, "sweep_slot", lambda slot: None)  # another run's kernels are not this test's
    slot, handle = policy.claim_machine_slot()
    try:
        lock = Path(os.readlink(f"/proc/self/fd/{handle.fileno()}"))
        assert _no_other_account_can_write(lock.parent), f"root's slot lock {lock} is in a folder others can write"
    finally:
        handle.close()


@needs_root
def test_a_lock_folder_a_student_made_first_with_a_link_is_refused_and_root_writes_nothing_there(tmp_path):
    premade, target = tmp_path / "course-grader-uids", tmp_path / "chosen-by-the-student"
    premade.mkdir(mode=0o777)
    premade.chmod(0o777)
    (premade / "0.lock").symlink_to(target)
    os.chown(premade, NOBODY, NOBODY)
    with pytest.raises(RuntimeError, match="sudo rm -r"):  # policy.UnsafeStateFolder
        policy.claim_slot(premade)
    assert not target.exists(), "root followed the student's link"


@needs_root
def test_a_state_folder_that_is_a_link_to_a_private_folder_is_refused(tmp_path):
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(private)
    with pytest.raises(policy.UnsafeStateFolder, match="link"):
        policy.private_folder(tmp_path / "link")


@needs_root
def test_a_link_in_roots_own_lock_folder_is_not_followed(tmp_path):
    folder, target = tmp_path / "slots", tmp_path / "elsewhere"
    folder.mkdir(mode=0o700)
    (folder / "0.lock").symlink_to(target)
    with pytest.raises(OSError):
        policy.claim_slot(folder)
    assert not target.exists()


@needs_root
def test_the_sweep_leaves_a_socket_folder_another_account_made_under_the_slots_name(tmp_path, monkeypatch):
    monkeypatch.setattr(policy.cgroups, "find_hierarchy", lambda: None)  # another run's kernels are not this test's
    theirs = tmp_path / f"{policy.socket_folder_prefix(7)}theirs"
    theirs.mkdir()
    os.chown(theirs, NOBODY, NOBODY)
    policy.sweep_slot(7, socket_root=str(tmp_path))
    assert theirs.is_dir()


def test_a_slot_claimed_in_a_folder_of_its_own_sweeps_nothing_of_the_machines_slots(tmp_path, monkeypatch):
    swept = []
    monkeypatch.setattr(policy, "sweep_slot", swept.append)  # the machine's slot-0 kernels may be a live run's
    first, first_lock = policy.claim_slot(tmp_path)
    second, second_lock = policy.claim_slot(tmp_path)
    assert swept == [], "a claim outside the machine's lock folder killed the machine's kernels of that slot"
    first_lock.close()
    second_lock.close()


@needs_root
def test_a_machine_slot_is_swept_of_what_a_killed_worker_left_once_it_is_claimed(monkeypatch):
    swept = []
    monkeypatch.setattr(policy, "sweep_slot", swept.append)
    slot, handle = policy.claim_machine_slot()
    try:
        assert swept == [slot]
    finally:
        handle.close()
