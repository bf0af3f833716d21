"""The students' servers on the class server: JupyterHub's LocalProcessSpawner with a control group per
server, so that one student's server and every kernel it starts share one memory, process and CPU limit.

``LocalProcessSpawner`` ignores ``mem_limit`` and ``cpu_limit``, and SystemdSpawner needs systemd as PID 1,
which many servers and containers lack. :class:`LimitedSpawner` makes the group with
``autograder/sandbox/cgroups.py`` (the grading sandbox's module) and the new server joins it as root, before
JupyterHub's own ``preexec_fn`` drops to the student's uid and before it runs anything. A student who allocates
past the limit loses the kernel that did (the memory controller kills inside the group only); the hub and the
other students keep theirs.

Each server also gets a /tmp, /var/tmp, /dev/shm and /run/lock of its own (``private_tmp``, as systemd's PrivateTmp
and SystemdSpawner's ``isolate_tmp``; every folder on the machine any account may write) and System V IPC of its own:
fresh tmpfs mounts in a mount namespace of the server's, made after it joined its group, so what
the student writes there is charged to her memory limit, no classmate sees it, and it is gone when the server's last
process ends (the namespace, and its mounts, end with it). What the server itself writes while it runs (kernels'
connection files, the notebook signatures and their key, IPython's profile and history) lives there too
(``RUNTIME_ENVIRONMENT``), so a student whose home is full still opens her notebooks and starts kernels, and only
her save fails, with the Korean full-disk message (autograder/hub/fulldisk.py).
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import inspect
import os
import pwd
from collections.abc import Callable
from functools import partial
from pathlib import Path

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Bool, Integer, List, Unicode

from autograder.hub.disks import HomeDisk
from autograder.sandbox.cgroups import Group, GroupLimits, find_hierarchy

GROUP_PREFIX = "hub-"  # a student's group is hub-<account> (hub-<account>-<name> for a named server)
# Every folder on the machine any account may write (Debian's /run/lock too: 1777, and on the root disk where /run is
# not a tmpfs): a fresh tmpfs on each that exists, in the server's own mount namespace
PRIVATE_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
MQUEUE = "/dev/mqueue"  # POSIX message queues' view, remounted for the server's own IPC namespace where mounted
CLONE_NEWNS, CLONE_NEWIPC = 0x00020000, 0x08000000
MS_NOEXEC = 0x8
MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_PRIVATE = 0x2, 0x4, 0x1000, 0x4000, 0x40000
RUNTIME = "/tmp/jupyter"  # in the server's private /tmp: what it writes while it runs, not kept in her home
RUNTIME_ENVIRONMENT = {"JUPYTER_RUNTIME_DIR": f"{RUNTIME}/runtime", "IPYTHONDIR": f"{RUNTIME}/ipython"}
NOTARY = f"{RUNTIME}/notary"  # nbformat's NotebookNotary: the signatures' database and key (made at start)
LIBC = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)  # loaded here: a forked child only calls it


def in_order(*steps: Callable[[], None]) -> Callable[[], None]:
    """A ``preexec_fn`` that runs `steps` one after the other (as root, in the new process before it runs the
    server; the last is JupyterHub's uid drop and chdir)."""

    def preexec() -> None:
        for step in steps:
            step()

    return preexec


def private_tmp(shared: tuple[str, ...] = ()) -> None:
    """This process and what it starts get a mount namespace of their own, its mounts not shared back, with a fresh
    tmpfs (sticky, open to all, no setuid, no devices) on each of PRIVATE_FOLDERS (as PrivateTmp, /var/tmp too),
    and an IPC namespace of their own (as systemd's PrivateIPC): System V shared memory, semaphores and message
    queues and POSIX message queues are gone with the server's last process, not left on the machine.
    A folder of `shared` inside one of them (the class server's own folder when it lives in /tmp) is bound back
    where it was, through a descriptor opened before the tmpfs covered it."""
    _check(LIBC.unshare(CLONE_NEWNS | CLONE_NEWIPC), "unshare(CLONE_NEWNS | CLONE_NEWIPC)")
    _check(LIBC.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None), "mount --make-rprivate /")
    if os.path.ismount(MQUEUE):
        _check(LIBC.mount(b"mqueue", MQUEUE.encode(), b"mqueue", MS_NOSUID | MS_NODEV | MS_NOEXEC, None),
               f"mount mqueue {MQUEUE}")
    for folder in filter(os.path.isdir, PRIVATE_FOLDERS):
        kept = {path: os.open(path, os.O_PATH | os.O_DIRECTORY) for path in shared if path.startswith(folder + "/")}
        _check(LIBC.mount(b"tmpfs", folder.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, b"mode=1777"),
               f"mount tmpfs {folder}")
        for path, descriptor in kept.items():
            os.makedirs(path, exist_ok=True)  # root's folders on the way, in the fresh tmpfs
            _check(LIBC.mount(f"/proc/self/fd/{descriptor}".encode(), path.encode(), None, MS_BIND | MS_REC, None),
                   f"mount --rbind {path}")
            os.close(descriptor)


def make_runtime_folders() -> None:
    """As the student, after the uid drop: the folders in her private /tmp her server writes to and does not make
    itself (the notary's; nbformat writes its key there without making it)."""
    os.makedirs(NOTARY, mode=0o700, exist_ok=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")


class LimitedSpawner(LocalProcessSpawner):
    """LocalProcessSpawner whose ``mem_limit``, ``cpu_limit`` and ``process_limit`` hold for the student's
    server and all of its kernels together (a control group per server); without a usable cgroup hierarchy
    (not root, no memory/pids/cpu controllers) it says so in the hub's log and runs the server unlimited."""

    process_limit = Integer(
        512,
        help="Processes and threads a student's server and its kernels may have together (the group's pids.max).",
    ).tag(config=True)

    isolate_tmp = Bool(
        True,
        help="A /tmp, /var/tmp, /dev/shm, /run/lock and System V IPC of the server's own (mount and IPC namespaces "
             "per server, as SystemdSpawner's isolate_tmp): charged to its memory limit, unseen by others, gone when "
             "the server stops.",
    ).tag(config=True)

    disk_bytes = Integer(
        0,
        help="What a student may keep in her home (autograder/hub/disks.py: a quota, or an ext4 image of this size "
             "mounted on it); 0: no limit.",
    ).tag(config=True)
    disk_folder = Unicode("", help="Where the students' home images are kept (root's, 0700).").tag(config=True)
    shared_folders = List(
        Unicode(),
        help="Folders in /tmp, /var/tmp or /dev/shm that the server must still see in its private ones (the class "
             "server's own folder, when it lives in /tmp).",
    ).tag(config=True)

    group: Group | None = None

    def limits(self) -> GroupLimits | None:
        """The configured limits, or None when ``mem_limit`` or ``cpu_limit`` is not set."""
        if self.mem_limit is None or self.cpu_limit is None:
            return None
        return GroupLimits(int(self.mem_limit), self.process_limit, self.cpu_limit)

    def make_group(self) -> Group | None:
        """A fresh group for this student's server (one left by a server that died with the hub is emptied and
        removed first), or None with a log line saying the limits are not enforced."""
        limits, hierarchy = self.limits(), find_hierarchy()
        if limits is None or hierarchy is None:
            self.log.warning("%s's server runs WITHOUT memory/process/CPU limits: %s", self.user.name,
                             "mem_limit or cpu_limit is not set" if limits is None
                             else "no cgroup hierarchy with memory, pids and cpu controllers (or not root)")
            return None
        name = f"{GROUP_PREFIX}{self.user.name}" + (f"-{self.name}" if self.name else "")  # named servers apart
        try:
            Group(hierarchy, name).remove()
            group = Group.create(hierarchy, name, limits)
        except OSError as error:  # e.g. a cgroup v2 layout this module was not tested on: the class goes on
            self.log.error("%s's server runs WITHOUT memory/process/CPU limits: control group %s: %s",
                           self.user.name, name, error)
            return None
        self.log.info("%s's server runs in control group %s (%d MiB, %d processes, %g CPU)", self.user.name, name,
                      limits.memory_bytes >> 20, limits.processes, limits.cpus)
        return group

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        """Join the server's group first (so its private /tmp's pages are charged there), then make the private
        /tmp and /dev/shm, then JupyterHub's uid drop, then (as her) the runtime folders in her private /tmp."""
        steps = [self.group.join] if self.group is not None else []
        steps += [partial(private_tmp, tuple(self.shared_folders))] if self.isolate_tmp else []
        after = [make_runtime_folders] if self.isolate_tmp else []
        return in_order(*steps, super().make_preexec_fn(name), *after)

    def get_env(self) -> dict[str, str]:
        """JupyterHub's environment; with a private /tmp, the server's runtime files there (RUNTIME_ENVIRONMENT)."""
        return {**super().get_env(), **(RUNTIME_ENVIRONMENT if self.isolate_tmp else {})}

    def get_args(self) -> list[str]:
        """JupyterHub's arguments; with a private /tmp, the notebook signatures there too (NOTARY)."""
        return [*super().get_args(), *([f"--NotebookNotary.data_dir={NOTARY}"] if self.isolate_tmp else [])]

    def home_disk(self) -> HomeDisk | None:
        """The student's home and its limit, or None where no disk limit is configured."""
        if not self.disk_bytes or not self.disk_folder:
            return None
        account = pwd.getpwnam(self.user.name)
        return HomeDisk(Path(account.pw_dir), account.pw_uid, account.pw_gid, self.disk_bytes,
                        Path(self.disk_folder) / f"{self.user.name}.img")

    async def run_pre_spawn_hook(self):
        """Her disk limit in force on her home before anything (the lectures' copy, her server) writes there."""
        disk = self.home_disk()
        if disk is not None:
            await asyncio.to_thread(disk.attach)
            self.log.info("%s's home %s is limited to %d MiB (%s)", self.user.name, disk.home, disk.limit_bytes >> 20,
                          disk.way().value)
        try:
            hooked = super().run_pre_spawn_hook()  # JupyterHub's: None, or what an async hook returns
            if inspect.isawaitable(hooked):
                await hooked
        except Exception:
            await self.release()  # the server will not start: her image is given back
            raise

    async def start(self):
        self.group = self.make_group()
        try:
            return await super().start()
        except Exception:
            await self.release()
            raise

    async def stop(self, now: bool = False) -> None:
        await super().stop(now=now)
        await self.release()

    async def release(self) -> None:
        """What the server held once it has ended: its group, and its home's image (unmounted)."""
        await self.remove_group()
        disk = self.home_disk()
        if disk is not None:
            await asyncio.to_thread(disk.detach)

    async def remove_group(self) -> None:
        """Remove the server's group (ending anything left in it) and log what its limits did."""
        if self.group is None:
            return
        group, self.group = self.group, None
        events = await asyncio.to_thread(group.remove)
        if events.oom_kills:
            self.log.warning("%s went past the memory limit: %d process(es) killed by the memory controller",
                             self.user.name, events.oom_kills)
        if events.processes_refused:
            self.log.warning("%s reached the process limit %d times", self.user.name, events.processes_refused)
