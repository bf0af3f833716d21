"""Control groups (autograder/sandbox/cgroups.py): which hierarchy is used, and real groups on this machine whose
limits hold for all their processes together."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from autograder.sandbox import cgroups
from autograder.sandbox.kernels import close_socket_folder
from autograder.sandbox.policy import Limits, limit_reached_reason

V1_MOUNTS = """\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
"""
V1_GROUPS = "8:pids:/\n4:memory:/session/abc\n1:cpu:/\n0::/\n"


def test_a_v2_tree_without_controllers_is_passed_over_for_the_v1_mounts(tmp_path):
    hierarchy = cgroups.find_hierarchy(V1_MOUNTS, V1_GROUPS)
    if os.geteuid() != 0:
        assert hierarchy is None
        return
    assert hierarchy.version is cgroups.Version.V1
    assert hierarchy.parents == {"memory": Path("/sys/fs/cgroup/memory/session/abc/course-grader"),
                                 "pids": Path("/sys/fs/cgroup/pids/course-grader"),
                                 "cpu": Path("/sys/fs/cgroup/cpu/course-grader")}


def test_a_v2_tree_with_the_three_controllers_is_used(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("groups are made only as root")
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    mounts = f"30 23 0:27 / {tmp_path} rw - cgroup2 cgroup2 rw\n"
    hierarchy = cgroups.find_hierarchy(mounts, "0::/user.slice\n")
    assert hierarchy.version is cgroups.Version.V2
    assert set(hierarchy.parents.values()) == {tmp_path / "course-grader"}


def test_no_hierarchy_when_a_controller_is_missing():
    without_pids = "\n".join(line for line in V1_MOUNTS.splitlines() if "pids" not in line)
    assert cgroups.find_hierarchy(without_pids, V1_GROUPS) is None


@pytest.fixture
def hierarchy():
    found = cgroups.find_hierarchy()
    if found is None:
        pytest.skip("no control group can be made here (not root, or no memory/pids/cpu hierarchy)")
    return found


def _group(hierarchy, **limits) -> cgroups.Group:
    values = {"memory_bytes": 256 * 2**20, "processes": 16, "cpus": 0.5} | limits
    return cgroups.Group.create(hierarchy, f"test-{uuid.uuid4().hex[:8]}", cgroups.GroupLimits(**values))


def _run_in(group: cgroups.Group, code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], preexec_fn=group.join, capture_output=True, text=True,
                          timeout=120)


def test_memory_is_limited_for_all_processes_of_the_group_together(hierarchy):
    group = _group(hierarchy)
    try:
        hog = "import time; data = b'x' * (100 * 2**20); time.sleep(5)"
        code = (f"import subprocess, sys\nchildren = [subprocess.Popen([sys.executable, '-c', {hog!r}]) "
                "for _ in range(4)]\nprint([child.wait() for child in children])")
        run = _run_in(group, code)
        assert "-9" in run.stdout, run  # four children of 100 MiB do not fit in 256 MiB together
    finally:
        events = group.remove()
    assert events.oom_kills >= 1
    assert "메모리 한도" in limit_reached_reason(events, Limits(memory_bytes=256 * 2**20))


def test_forks_past_the_process_limit_are_refused_and_counted(hierarchy):
    group = _group(hierarchy, processes=8)
    try:
        code = ("import subprocess\nheld = []\ntry:\n    for _ in range(50):\n"
                "        held.append(subprocess.Popen(['sleep', '30']))\nexcept OSError as error:\n"
                "    print('refused after', len(held))\nfor child in held:\n    child.kill()")
        run = _run_in(group, code)
    finally:
        events = group.remove()
    assert "refused after" in run.stdout, run
    assert events.processes_refused >= 1 and events.oom_kills == 0
    assert "프로세스 수 한도" in limit_reached_reason(events, Limits(processes=8))


def test_removing_a_group_ends_every_process_left_in_it(hierarchy):
    group = _group(hierarchy)
    sleeper = subprocess.Popen(["sleep", "300"], preexec_fn=group.join, start_new_session=True)
    assert sleeper.pid in group.pids()
    group.remove()
    assert sleeper.wait(timeout=10) == -9
    assert not any(folder.exists() for folder in group.folders.values())


def test_the_cpu_limit_is_written_as_a_quota(hierarchy):
    group = _group(hierarchy, cpus=0.5)
    try:
        if hierarchy.version is cgroups.Version.V1:
            assert (group.folders["cpu"] / "cpu.cfs_quota_us").read_text().strip() == "50000"
        else:
            assert (group.folders["cpu"] / "cpu.max").read_text().split() == ["50000", "100000"]
    finally:
        group.remove()


def test_all_groups_together_weigh_one_busy_process_per_cpu(hierarchy):
    group = _group(hierarchy)
    cpus = len(os.sched_getaffinity(0))
    try:
        parent = hierarchy.parents["cpu"]
        if hierarchy.version is cgroups.Version.V1:
            assert int((parent / "cpu.shares").read_text()) == 1024 * cpus
        else:
            assert int((parent / "cpu.weight").read_text()) == min(10_000, 100 * cpus)
    finally:
        group.remove()


def test_groups_a_killed_worker_left_behind_are_removed(hierarchy):
    left = _group(hierarchy)
    other = _group(hierarchy)
    sleeper = subprocess.Popen(["sleep", "300"], preexec_fn=left.join)
    cgroups.remove_stale(hierarchy, left.name)
    assert sleeper.wait(timeout=10) == -9
    assert not any(folder.exists() for folder in left.folders.values())
    assert all(folder.exists() for folder in other.folders.values())
    other.remove()


def test_no_limit_reached_is_no_reason():
    assert limit_reached_reason(cgroups.Events(), Limits()) is None


@pytest.mark.skipif(os.geteuid() != 0, reason="the folder is handed back to root")
def test_a_closed_socket_folder_is_roots_and_a_planted_link_is_not_followed(tmp_path):
    folder, target = tmp_path / "cg-0-test", tmp_path / "elsewhere"
    folder.mkdir()
    target.write_text("host file")
    os.chown(target, 61000, 61000)
    (folder / "kernel.json").write_text("{}")
    (folder / "link").symlink_to(target)
    os.chown(folder, 61000, 61000)
    os.chown(folder / "kernel.json", 61000, 61000)
    close_socket_folder(folder)
    assert (folder.stat().st_uid, folder.stat().st_mode & 0o777) == (0, 0o711)
    assert (folder / "kernel.json").stat().st_uid == 0
    assert target.stat().st_uid == 61000  # the link's target kept its owner
