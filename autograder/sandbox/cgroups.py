"""Control groups: one per sandbox, so that its memory, process and CPU limits hold for all of its
processes together (an rlimit holds for one process; four children of 1.7 GiB each pass a 6 GiB
address-space limit). Used by the grading worker for every sandboxed kernel and by the class server for
every student's server.

Two kinds of hierarchy exist, and a machine may mount both:
- cgroup v1 (this project's test machine): one mount per controller; the groups are made below the
  calling process's own group in the memory, pids and cpu hierarchies, so limits above still count.
- cgroup v2 (Debian 12, Ubuntu 22.04 and later): one tree; the groups are made below
  ``<mount>/course-grader``, with the memory, pids and cpu controllers enabled down to them.
  Written to the kernel's documentation (Documentation/admin-guide/cgroup-v2.rst) and not tested on this
  project's machines, which mount a v2 tree with no controller in it.
A v2 mount whose ``cgroup.controllers`` lacks one of the three is no use: :func:`find_hierarchy` then
looks for v1 mounts, and answers None when neither is complete (making groups needs root as well).

The ``course-grader`` folder itself weighs as one busy process per CPU in the scheduler: all our groups
share that one weight, and at the default weight twenty students' kernels together would get no more CPU
than the hub's own process beside them.
"""

from __future__ import annotations

import enum
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

CONTROLLERS = ("memory", "pids", "cpu")
GROUP_ROOT = "course-grader"  # the folder every group of ours is made in
CPU_PERIOD_US = 100_000
V1_SHARES_PER_PROCESS = 1024  # cpu.shares of one busy process (v1 default)
V2_WEIGHT_PER_PROCESS = 100  # cpu.weight of one busy process (v2 default; at most 10000)


class Version(enum.Enum):
    V1 = "v1"
    V2 = "v2"


@dataclass(frozen=True)
class GroupLimits:
    """What all processes of one group may use together."""

    memory_bytes: int
    processes: int  # processes and threads
    cpus: float  # CPU time per second of wall time


@dataclass(frozen=True)
class Hierarchy:
    """Where groups are made: one folder per controller (v1) or one folder for all (v2)."""

    version: Version
    parents: dict[str, Path]  # controller → the folder our groups go in (v2: the same folder for each)


@dataclass(frozen=True)
class Events:
    """What a group's limits did while it lived."""

    oom_kills: int = 0  # processes the memory controller killed
    processes_refused: int = 0  # forks refused at the process limit

    def __add__(self, other: Events) -> Events:
        return Events(self.oom_kills + other.oom_kills, self.processes_refused + other.processes_refused)


def _mounts(mountinfo: str) -> list[tuple[str, str, set[str]]]:
    """(mount point, file-system type, super options) of every line of /proc/self/mountinfo."""
    found = []
    for line in mountinfo.splitlines():
        before, _, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if len(fields) >= 5 and len(tail) >= 3:
            found.append((fields[4], tail[0], set(tail[2].split(","))))
    return found


def _own_groups(proc_cgroup: str) -> dict[str, str]:
    """Controller (or '' for v2) → this process's group path, from /proc/self/cgroup."""
    groups = {}
    for line in proc_cgroup.splitlines():
        _, names, path = line.split(":", 2)
        for name in names.split(",") if names else [""]:
            groups[name] = path
    return groups


def find_hierarchy(mountinfo: str | None = None, proc_cgroup: str | None = None) -> Hierarchy | None:
    """The hierarchy to make groups in, or None when no mounted one has memory, pids and cpu (or we are
    not root)."""
    if not os.path.exists("/proc/self/mountinfo") or os.geteuid() != 0:
        return None
    mountinfo = mountinfo if mountinfo is not None else Path("/proc/self/mountinfo").read_text()
    proc_cgroup = proc_cgroup if proc_cgroup is not None else Path("/proc/self/cgroup").read_text()
    mounts, own = _mounts(mountinfo), _own_groups(proc_cgroup)
    for point, kind, _ in mounts:
        if kind == "cgroup2" and set(CONTROLLERS) <= _v2_controllers(Path(point)):
            parent = Path(point) / GROUP_ROOT
            return Hierarchy(Version.V2, {name: parent for name in CONTROLLERS})
    v1 = {}
    for point, kind, options in mounts:
        for name in CONTROLLERS:
            if kind == "cgroup" and name in options and name not in v1:
                v1[name] = Path(point) / own.get(name, "/").lstrip("/") / GROUP_ROOT
    return Hierarchy(Version.V1, v1) if set(v1) == set(CONTROLLERS) else None


def _v2_controllers(mount: Path) -> set[str]:
    try:
        return set((mount / "cgroup.controllers").read_text().split())
    except OSError:
        return set()


def usable_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def _write(path: Path, value: str) -> None:
    path.write_text(value)


def _read_counts(path: Path) -> dict[str, int]:
    """A 'key value' file (memory.events, pids.events, memory.oom_control) as numbers; {} when absent."""
    try:
        pairs = (line.split() for line in path.read_text().splitlines())
        return {pair[0]: int(pair[1]) for pair in pairs if len(pair) == 2 and pair[1].isdigit()}
    except OSError:
        return {}


class Group:
    """One control group: made with limits, joined by a process, read, killed and removed."""

    def __init__(self, hierarchy: Hierarchy, name: str):
        self.hierarchy, self.name = hierarchy, name
        self.folders = {controller: parent / name for controller, parent in hierarchy.parents.items()}

    @classmethod
    def create(cls, hierarchy: Hierarchy, name: str, limits: GroupLimits) -> Group:
        group = cls(hierarchy, name)
        if hierarchy.version is Version.V2:
            group._create_v2(limits)
        else:
            group._create_v1(limits)
        return group

    def _create_v1(self, limits: GroupLimits) -> None:
        for folder in self.folders.values():
            folder.mkdir(parents=True, exist_ok=True)
        _write(self.hierarchy.parents["cpu"] / "cpu.shares", str(V1_SHARES_PER_PROCESS * usable_cpus()))
        memory = self.folders["memory"]
        _write(memory / "memory.limit_in_bytes", str(limits.memory_bytes))
        if (memory / "memory.memsw.limit_in_bytes").exists():  # swap counts too (set after the memory limit)
            _write(memory / "memory.memsw.limit_in_bytes", str(limits.memory_bytes))
        _write(self.folders["pids"] / "pids.max", str(limits.processes))
        _write(self.folders["cpu"] / "cpu.cfs_period_us", str(CPU_PERIOD_US))
        _write(self.folders["cpu"] / "cpu.cfs_quota_us", str(int(limits.cpus * CPU_PERIOD_US)))

    def _create_v2(self, limits: GroupLimits) -> None:
        parent = self.hierarchy.parents["memory"]
        enable = " ".join(f"+{name}" for name in CONTROLLERS)
        _write(parent.parent / "cgroup.subtree_control", enable)
        parent.mkdir(exist_ok=True)
        _write(parent / "cgroup.subtree_control", enable)
        _write(parent / "cpu.weight", str(min(10_000, V2_WEIGHT_PER_PROCESS * usable_cpus())))
        folder = self.folders["memory"]
        folder.mkdir(exist_ok=True)
        _write(folder / "memory.max", str(limits.memory_bytes))
        _write(folder / "memory.swap.max", "0")
        _write(folder / "pids.max", str(limits.processes))
        _write(folder / "cpu.max", f"{int(limits.cpus * CPU_PERIOD_US)} {CPU_PERIOD_US}")

    def procs_files(self) -> list[str]:
        """The files a process writes its pid to in order to join (one per distinct folder)."""
        return sorted({str(folder / "cgroup.procs") for folder in self.folders.values()})

    def join(self, pid: int | None = None) -> None:
        join_procs(self.procs_files(), pid)

    def pids(self) -> set[int]:
        found = set()
        for path in self.procs_files():
            try:
                found |= {int(line) for line in Path(path).read_text().split()}
            except OSError:
                pass
        return found

    def events(self) -> Events:
        if self.hierarchy.version is Version.V2:
            folder = self.folders["memory"]
            return Events(_read_counts(folder / "memory.events").get("oom_kill", 0),
                          _read_counts(folder / "pids.events").get("max", 0))
        return Events(_read_counts(self.folders["memory"] / "memory.oom_control").get("oom_kill", 0),
                      _read_counts(self.folders["pids"] / "pids.events").get("max", 0))

    def kill(self) -> None:
        """SIGKILL every process in the group, repeatedly, until none is left (a fork may race a kill)."""
        kill_file = self.folders["memory"] / "cgroup.kill"
        if self.hierarchy.version is Version.V2 and kill_file.exists():
            _write(kill_file, "1")
        for _ in range(200):
            alive = self.pids()
            if not alive:
                return
            for pid in alive:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.01)

    def remove(self) -> Events:
        """Kill what is left, remove the group, and return what its limits did."""
        events = self.events()
        self.kill()
        for folder in set(self.folders.values()):
            for _ in range(200):  # a killed process leaves its group a moment after it is reaped
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)
        return events


def join_procs(procs_files: list[str], pid: int | None = None) -> None:
    """Put process `pid` (default: the caller) into the group whose procs files these are; safe in a preexec_fn."""
    for path in procs_files:
        descriptor = os.open(path, os.O_WRONLY)
        try:
            os.write(descriptor, str(pid or os.getpid()).encode())
        finally:
            os.close(descriptor)


def remove_stale(hierarchy: Hierarchy, prefix: str) -> None:
    """Remove groups named `prefix…` that a process killed before cleaning up left behind."""
    parents = set(hierarchy.parents.values())
    names = {path.name for parent in parents if parent.is_dir() for path in parent.iterdir()
             if path.is_dir() and path.name.startswith(prefix)}
    for name in names:
        Group(hierarchy, name).remove()
