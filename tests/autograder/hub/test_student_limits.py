"""Limits per student on the class server (issue 32, item 6): each student's server and its kernels run in a
control group of their own (autograder/hub/spawner.py), so one student's runaway allocation ends only that
student's kernel.

The first tests start a process through LimitedSpawner's own start (JupyterHub's Popen, its uid drop) on this
machine's real cgroup v1; then `hub start`'s limit options are followed through hub_settings.json into the
configuration jupyterhub_config.py makes; the last runs the class server with two students, one of whom allocates
past the limit while the other presses Validate.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import logging
import os
import pwd
import runpy
import shutil
import subprocess
import tempfile
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest
import requests
from hub_testing import ASSIGNMENT, ROOT, Student, outputs
from traitlets.config import Config

from autograder.cli import build_parser, student_limits
from autograder.course.notebook import read_notebook
from autograder.hub import spawner as limited
from autograder.hub.server import HUB_CONFIG, HubSettings
from autograder.hub.spawner import GROUP_PREFIX, LimitedSpawner
from autograder.sandbox.cgroups import Group, Hierarchy, Version, find_hierarchy

ACCOUNT = "nobody"  # an account every Debian has; the spawned process must end up running as it
PYTHON = "/usr/bin/python3"  # one that account may run
REPORT = "import json, os; print(json.dumps([os.getuid(), open('/proc/self/cgroup').read()]), flush=True)"


def _hierarchy() -> Hierarchy:
    hierarchy = find_hierarchy()
    if hierarchy is None:
        pytest.skip("control groups need root and mounted memory, pids and cpu controllers")
    return hierarchy


class _User:
    """What LocalProcessSpawner reads of JupyterHub's user."""

    name = escaped_name = ACCOUNT
    url = f"/user/{ACCOUNT}/"


def _spawner(code: str, **limits) -> LimitedSpawner:
    """A LimitedSpawner for `nobody` whose server is `python3 -c code` with its stdout piped back; the hub's
    environment and arguments are left out (they need a running hub), the rest of start and stop is JupyterHub's."""
    spawner = LimitedSpawner(user=_User(), cmd=[PYTHON, "-c", code], log=logging.getLogger("test-spawner"),
                             popen_kwargs={"stdout": subprocess.PIPE, "text": True}, **limits)
    spawner.get_env = lambda: {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    spawner.get_args = lambda: []
    return spawner


def _limits_written(group: Group) -> tuple[int, int, int]:
    """(memory bytes, processes, CPU quota per 100 ms) as the group's files hold them."""
    if group.hierarchy.version is Version.V2:
        folder = group.folders["memory"]
        return (int((folder / "memory.max").read_text()), int((folder / "pids.max").read_text()),
                int((folder / "cpu.max").read_text().split()[0]))
    return (int((group.folders["memory"] / "memory.limit_in_bytes").read_text()),
            int((group.folders["pids"] / "pids.max").read_text()),
            int((group.folders["cpu"] / "cpu.cfs_quota_us").read_text()))


def test_the_server_runs_as_the_student_in_a_group_of_its_own_with_the_configured_limits():
    _hierarchy()
    spawner = _spawner(REPORT + "; import time; time.sleep(60)", mem_limit="300M", cpu_limit=0.5, process_limit=40)

    async def run() -> tuple[int, str, tuple[int, int, int], Group]:
        await spawner.start()
        group = spawner.group
        uid, cgroups = json.loads(await asyncio.to_thread(spawner.proc.stdout.readline))
        assert {spawner.proc.pid} == group.pids()
        written = _limits_written(group)
        await spawner.stop(now=True)
        return uid, cgroups, written, group

    uid, cgroups, written, group = asyncio.run(run())
    assert uid == pwd.getpwnam(ACCOUNT).pw_uid
    assert written == (300 << 20, 40, 50_000)
    name = f"{GROUP_PREFIX}{ACCOUNT}"
    groups = dict(line.split(":", 2)[1:] for line in cgroups.splitlines())  # controllers → group path
    for controller in ("memory", "pids", "cpu"):  # joined as root, before the uid drop, in every hierarchy
        assert [path for names, path in groups.items() if (controller in names.split(",") or not names)
                and path.endswith(f"/{name}")], cgroups
    assert spawner.group is None and not any(folder.exists() for folder in group.folders.values())


def test_a_server_past_its_memory_limit_is_killed_in_its_group_and_the_hub_log_says_so(caplog):
    _hierarchy()
    spawner = _spawner("x = b'x' * (400 << 20); print('survived', flush=True)", mem_limit="100M", cpu_limit=1)

    async def run() -> int:
        await spawner.start()
        status = await asyncio.to_thread(spawner.proc.wait, 60)
        await spawner.stop()
        return status

    with caplog.at_level(logging.INFO, logger="test-spawner"):
        status = asyncio.run(run())
    assert status == -9  # SIGKILL from the memory controller, not a Python MemoryError
    assert "went past the memory limit: 1 process(es) killed" in caplog.text, caplog.text


SHM_WRITER = """
import json, os, sys, time
name = sys.argv[1]
for folder in ("/dev/shm", "/tmp", "/var/tmp"):
    with open(os.path.join(folder, name), "wb") as handle:
        handle.write(os.urandom(64 << 20))
print(json.dumps(sorted(os.listdir("/dev/shm"))), flush=True)
time.sleep(60)
"""


PRIVATE = ("/dev/shm", "/tmp", "/var/tmp")


def _memory_used(group: Group) -> int:
    folder = group.folders["memory"]
    name = "memory.current" if group.hierarchy.version is Version.V2 else "memory.usage_in_bytes"
    return int((folder / name).read_text())


def test_what_a_student_leaves_in_dev_shm_and_tmp_is_hers_alone_charged_to_her_limit_and_gone_when_she_stops():
    _hierarchy()
    name = f"left-{uuid.uuid4().hex[:8]}"
    server_folder = Path(tempfile.mkdtemp(prefix="course-hub-"))  # as the tests' class servers live in /tmp
    server_folder.chmod(0o755)
    (server_folder / "server.py").write_text(SHM_WRITER, encoding="utf-8")
    spawner = _spawner("", mem_limit="1G", cpu_limit=1)
    spawner.cmd, spawner.shared_folders = [PYTHON, str(server_folder / "server.py"), name], [str(server_folder)]

    async def run() -> tuple[list[str], int, bool]:
        await spawner.start()
        seen_inside = json.loads(await asyncio.to_thread(spawner.proc.stdout.readline))
        used = _memory_used(spawner.group)
        seen_by_others = any((Path(folder) / name).exists() for folder in PRIVATE)
        await spawner.stop(now=True)
        return seen_inside, used, seen_by_others

    try:
        seen_inside, used, seen_by_others = asyncio.run(run())
    finally:
        shutil.rmtree(server_folder)
    assert name in seen_inside
    assert not seen_by_others, "the student's /dev/shm or /tmp file is in the machine-wide folder"
    assert used >= 192 << 20, f"her 192 MiB in /dev/shm, /tmp, /var/tmp are not charged to her ({used >> 20} MiB)"
    assert not any((Path(folder) / name).exists() for folder in PRIVATE), "it outlived her server"


LOCK_AND_IPC_WRITER = """
import ctypes, json, os, sys, time
name, key = sys.argv[1], int(sys.argv[2])
with open(os.path.join("/run/lock", name), "wb") as handle:
    handle.write(os.urandom(16 << 20))
segment = ctypes.CDLL(None, use_errno=True).shmget(key, 16 << 20, 0o1000 | 0o600)  # IPC_CREAT: kept until removed
print(json.dumps({"lock": sorted(os.listdir("/run/lock")), "segment": segment}), flush=True)
time.sleep(60)
"""


def _shared_memory_segment(key: int) -> int:
    """The id of the System V shared memory segment `key` as this process sees it, -1 if there is none."""
    return ctypes.CDLL(None, use_errno=True).shmget(key, 0, 0)


def test_what_a_student_leaves_in_run_lock_or_system_v_shared_memory_is_not_on_the_machine_after_she_stops():
    _hierarchy()
    name, key = f"left-{uuid.uuid4().hex[:8]}", 0x5EED0000 + os.getpid() % 0xFFFF
    spawner = _spawner(LOCK_AND_IPC_WRITER, mem_limit="1G", cpu_limit=1)
    spawner.cmd = [PYTHON, "-c", LOCK_AND_IPC_WRITER, name, str(key)]

    async def run() -> tuple[dict, bool, int]:
        await spawner.start()
        seen_inside = json.loads(await asyncio.to_thread(spawner.proc.stdout.readline))
        on_the_machine = (Path("/run/lock") / name).exists(), _shared_memory_segment(key)
        await spawner.stop(now=True)
        return seen_inside, *on_the_machine

    try:
        seen_inside, lock_file_seen, segment_seen = asyncio.run(run())
    finally:
        (Path("/run/lock") / name).unlink(missing_ok=True)
        if (segment := _shared_memory_segment(key)) >= 0:
            ctypes.CDLL(None).shmctl(segment, 0, None)  # IPC_RMID
    assert name in seen_inside["lock"] and seen_inside["segment"] >= 0
    assert not lock_file_seen, "her file in /run/lock is on the machine's shared disk"
    assert segment_seen < 0, "her System V shared memory segment is on the machine, outside her server"
    assert not (Path("/run/lock") / name).exists() and _shared_memory_segment(key) < 0, "it outlived her server"


def test_without_a_hierarchy_the_log_says_the_limits_are_not_enforced(monkeypatch, caplog):
    monkeypatch.setattr(limited, "find_hierarchy", lambda: None)
    spawner = _spawner("pass", mem_limit="1G", cpu_limit=1)
    with caplog.at_level(logging.INFO, logger="test-spawner"):
        assert spawner.make_group() is None
    assert "runs WITHOUT memory/process/CPU limits: no cgroup hierarchy" in caplog.text


def test_a_group_that_cannot_be_made_leaves_the_server_unlimited_and_says_why(monkeypatch, caplog):
    _hierarchy()

    def refuse(*_):
        raise PermissionError(13, "Permission denied", "cgroup.subtree_control")

    monkeypatch.setattr(limited.Group, "create", refuse)
    spawner = _spawner("pass", mem_limit="1G", cpu_limit=1)
    with caplog.at_level(logging.INFO, logger="test-spawner"):
        assert spawner.make_group() is None
    assert "runs WITHOUT memory/process/CPU limits: control group hub-nobody: [Errno 13]" in caplog.text


# ---------------------------------------------------------------- hub start's options → the hub's configuration
def _configured(tmp_path: Path, monkeypatch, *options: str) -> tuple[HubSettings, Config]:
    """`hub start` `options` as the command line parses them, in hub_settings.json as prepare() writes it, and the
    configuration jupyterhub_config.py makes of that file when JupyterHub loads it."""
    arguments = build_parser().parse_args(["hub", "start", "--roster", "roster.csv", "--instructor", "prof",
                                           "--host", "hub.localhost", *options])
    (tmp_path / "hub").mkdir()
    path = HubSettings(course_id="course", home=str(tmp_path), ip="127.0.0.1", port=8000, hub_port=8081,
                       proxy_api_port=8001, service_port=8002, students=["s1"], instructors=["prof"],
                       grader="grader-course", proxy_command="configurable-http-proxy", db_url="sqlite://",
                       host="hub.localhost", **student_limits(arguments)).save()
    monkeypatch.setenv("COURSE_HUB_SETTINGS", str(path))
    config = Config()
    runpy.run_path(str(HUB_CONFIG), init_globals={"get_config": lambda: config})
    return HubSettings.load(path), config


def _culler(config: Config) -> list[dict]:
    return [service for service in config.JupyterHub.services if service["name"] == "idle-culler"]


def test_hub_start_options_set_each_students_limits_and_the_idle_timeout(tmp_path, monkeypatch):
    settings, config = _configured(tmp_path, monkeypatch, "--student-memory", "1.5", "--student-cpus", "0.5",
                                   "--student-processes", "100", "--idle-timeout", "600")
    assert (settings.student_memory_bytes, settings.student_cpus, settings.student_processes,
            settings.idle_timeout) == (3 << 29, 0.5, 100, 600)
    assert config.JupyterHub.spawner_class == "autograder.hub.spawner.LimitedSpawner"
    assert (config.Spawner.mem_limit, config.Spawner.cpu_limit, config.LimitedSpawner.process_limit) == (3 << 29, 0.5,
                                                                                                         100)
    assert [service["command"][-1] for service in _culler(config)] == ["--timeout=600"]


def test_hub_start_limits_each_students_home_to_disk_per_student_a_gib_unless_told(tmp_path, monkeypatch):
    settings, config = _configured(tmp_path, monkeypatch, "--disk-per-student", "0.25")
    assert config.LimitedSpawner.disk_bytes == settings.student_disk_bytes == 1 << 28
    assert config.LimitedSpawner.disk_folder == str(tmp_path / "disks")
    assert "--ServerApp.contents_manager_class=course_fulldisk.FullDiskContentsManager" in config.Spawner.args
    (tmp_path / "default").mkdir()
    assert _configured(tmp_path / "default", monkeypatch)[1].LimitedSpawner.disk_bytes == 1 << 30


def test_hub_start_without_options_limits_each_server_to_the_documented_defaults(tmp_path, monkeypatch):
    settings, config = _configured(tmp_path, monkeypatch)
    assert (config.Spawner.mem_limit, config.Spawner.cpu_limit, config.LimitedSpawner.process_limit) == (2 << 30, 1,
                                                                                                         512)
    assert settings.idle_timeout == 3600 and _culler(config)


def test_zero_for_every_limit_and_the_idle_timeout_runs_plain_servers_and_no_culler(tmp_path, monkeypatch):
    _, config = _configured(tmp_path, monkeypatch, "--student-memory", "0", "--student-cpus", "0",
                            "--student-processes", "0", "--idle-timeout", "0")
    assert config.JupyterHub.spawner_class == "localprocess"
    assert not _culler(config)
    assert "idle-culler" not in [role["name"] for role in config.JupyterHub.load_roles]


def test_zero_for_one_limit_leaves_that_resource_to_the_whole_machine_and_keeps_the_others(tmp_path, monkeypatch):
    _, config = _configured(tmp_path, monkeypatch, "--student-memory", "0", "--student-processes", "0")
    machine = psutil.virtual_memory().total
    assert config.JupyterHub.spawner_class == "autograder.hub.spawner.LimitedSpawner"
    assert config.Spawner.mem_limit == machine and config.Spawner.cpu_limit == 1
    assert config.LimitedSpawner.process_limit == int(Path("/proc/sys/kernel/pid_max").read_text())


@pytest.mark.parametrize(("option", "value", "says"), [("--student-memory", "inf", "0 이상의 수를"),
                                                       ("--student-cpus", "-1", "0 이상의 수를"),
                                                       ("--student-processes", "many", "0 이상의 정수를"),
                                                       ("--idle-timeout", "1.5", "0 이상의 정수를")])
def test_a_limit_that_is_not_a_number_of_zero_or_more_is_refused_with_what_to_give(option, value, says, capsys):
    with pytest.raises(SystemExit) as refused:
        build_parser().parse_args(["hub", "start", "--roster", "roster.csv", "--instructor", "prof",
                                   "--host", "hub.localhost", option, value])
    assert refused.value.code == 2
    assert f"{option}: '{value}': {says}" in capsys.readouterr().err


# ---------------------------------------------------------------- on the class server
@pytest.mark.slow
def test_one_students_runaway_allocation_ends_only_that_students_kernel(class_server):
    hierarchy = _hierarchy()
    server = class_server
    limit = HubSettings.load(server.home / "hub" / "hub_settings.json").student_memory_bytes
    runaway, classmate = (Student(server.base, name) for name in server.students)
    for student in (runaway, classmate):
        student.log_in()
        student.start_server()
        assert Group(hierarchy, f"{GROUP_PREFIX}{student.name}").pids(), f"{student.name}'s server has no group"
    assert [p for p in psutil.process_iter(["cmdline"]) if "jupyterhub_idle_culler" in (p.info["cmdline"] or [])]
    notebook = f"{ASSIGNMENT}.ipynb"  # the released assignment, as the classmate's Lab saves it
    classmate.save_notebook(notebook, read_notebook(ROOT / "release" / ASSIGNMENT / notebook))

    kernel = runaway.call("POST", "api/kernels", json={"name": "python3"}).json()["id"]
    assert "2" in outputs(runaway.execute(kernel, "print(1 + 1)"))
    with ThreadPoolExecutor(1) as pool:  # the classmate presses Validate while the runaway allocates
        validating = pool.submit(classmate.call, "POST", "assignments/validate", data={"path": notebook})
        died = runaway.execute(kernel, f"x = b'x' * {limit + (1 << 30)}\nprint('still here')")
        validated = validating.result().json()
    assert "still here" not in outputs(died)
    assert died[-1]["content"]["execution_state"] == "restarting"  # Lab: "…의 커널이 죽은 것으로 보입니다 …"
    groups = {s.name: Group(hierarchy, f"{GROUP_PREFIX}{s.name}") for s in (runaway, classmate)}
    assert groups[runaway.name].events().oom_kills >= 1 and groups[classmate.name].events().oom_kills == 0

    assert validated["success"], validated["value"][-1500:]
    assert requests.get(f"{server.base}/hub/health", timeout=30).status_code == 200
    assert runaway.call("GET", f"api/kernels/{kernel}").json()["id"] == kernel  # restarted, the server still up
    assert "4" in outputs(runaway.execute(kernel, "print(2 + 2)"))

    stopped = requests.delete(f"{server.base}/hub/api/users/{runaway.name}/server", headers=runaway.headers,
                              timeout=120)
    assert stopped.status_code in (202, 204), stopped.text
    deadline = time.monotonic() + 120
    while any(folder.exists() for folder in groups[runaway.name].folders.values()) and time.monotonic() < deadline:
        time.sleep(1)
    assert not any(folder.exists() for folder in groups[runaway.name].folders.values())
    assert f"{runaway.name} went past the memory limit" in (server.home / "hub.log").read_text()
