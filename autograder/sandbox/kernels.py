"""The kernel managers a sandboxed kernel is started by, in a grading worker: bubblewrap's
(:class:`SandboxKernelManager`), or a kernel forked from the template (:class:`TemplateKernelManager`,
adopting the spare forked ahead); and nbgrader's Execute preprocessor that uses them.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

from jupyter_client.connect import write_connection_file
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import LocalProvisioner
from nbclient.util import run_sync
from nbgrader.preprocessors import Execute
from traitlets import Bool, Float, Integer, List, Unicode, default

import helpers
from autograder.sandbox import cgroups, seccomp, template_handle
from autograder.sandbox.kernel_package import kernel_package
from autograder.sandbox.kernel_plan import KernelPlan
from autograder.sandbox.policy import (
    SLOTS,
    SOCKET_ROOT,
    UID_BASE,
    Limits,
    bwrap_arguments,
    group_prefix,
    kernel_environment,
    socket_folder_prefix,
    template_plan,
)
from helpers.kernel_fork import STACK, TemplateProcess
from helpers.prompt_kernels import PromptKernelManager


def rebind_helpers(arguments: list[str], target: str, built: str) -> list[str]:
    """bwrap's `arguments` with the read-only bind of the helpers folder `target` taken from `built` instead."""
    rebound = list(arguments)
    for index in range(len(rebound) - 2):
        if rebound[index:index + 3] == ["--ro-bind", target, target]:
            rebound[index + 1] = built
            return rebound
    raise ValueError(f"the sandbox does not bind the helpers folder {target}")


class LimitLedger:
    """What the control-group limits of this process's sandboxes did since the worker last asked."""

    events = cgroups.Events()

    @classmethod
    def record(cls, events: cgroups.Events) -> None:
        cls.events = cls.events + events

    @classmethod
    def take(cls) -> cgroups.Events:
        events, cls.events = cls.events, cgroups.Events()
        return events


def close_socket_folder(folder: Path) -> None:
    """Take the IPC folder back from the kernel once it has bound its sockets: from then on the student can
    add, replace or grow nothing in it (the worker connects to the sockets by name and reads no file there).
    Nothing is followed: entries are changed through their own descriptors (O_NOFOLLOW)."""
    directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)
    try:
        os.fchown(directory, 0, 0)
        os.fchmod(directory, 0o711)
        for name in os.listdir(directory):
            status = os.stat(name, dir_fd=directory, follow_symlinks=False)
            if stat.S_ISREG(status.st_mode):
                os.chown(name, 0, 0, dir_fd=directory, follow_symlinks=False)
    finally:
        os.close(directory)


class SandboxKernelManager(PromptKernelManager):
    """A kernel manager that starts the kernel inside the sandbox, in a control group of its own where one
    can be made, and talks to it over IPC sockets."""

    slot = Integer(0, help="Worker slot: the kernel runs as uid UID_BASE + 2 × slot.").tag(config=True)
    memory_bytes = Integer(Limits.memory_bytes, help="Memory of all the sandbox's processes together (its control "
                                                     "group), and the address space of each (bytes).").tag(config=True)
    processes = Integer(Limits.processes, help="Processes and threads of the sandbox, all together.").tag(config=True)
    file_bytes = Integer(Limits.file_bytes, help="Largest file the kernel may write (bytes).").tag(config=True)
    tmpfs_bytes = Integer(Limits.tmpfs_bytes, help="Size of the kernel's /tmp and working folder (bytes).").tag(
        config=True)
    cpus = Float(Limits.cpus, help="CPU time per second of all the sandbox's processes together.").tag(config=True)
    control_groups = Bool(True, help="Put each sandbox in a control group of its own (root; cgroup v1 or v2 with the "
                                     "memory, pids and cpu controllers): its limits then hold for all its processes "
                                     "together. Without one, the limits hold per process.").tag(config=True)
    socket_root = Unicode(SOCKET_ROOT, help="Where the short IPC socket folder is made (ZMQ refuses paths over "
                                            "about 107 bytes).").tag(config=True)
    graded_assignment = Unicode("", help="The assignment these kernels' notebooks are graded for: the kernel sees a "
                                         "built copy of the helpers package without that assignment's answer key "
                                         "(autograder.sandbox.kernel_package). Empty: without any assignment's."
                                ).tag(config=True)

    _group: cgroups.Group | None = None
    _socket_dir: Path | None = None

    @default("transport")
    def _ipc_transport(self) -> str:
        return "ipc"

    @property
    def uid(self) -> int:
        """The unprivileged uid this slot's kernels run as."""
        return UID_BASE + 2 * (self.slot % SLOTS)

    @property
    def kernel_spec(self):
        spec = super().kernel_spec
        if spec is not None:
            spec.interrupt_mode = "message"  # a signal would stop at bwrap, which does not forward it
        return spec

    def limits(self) -> Limits:
        return Limits(self.memory_bytes, self.processes, self.file_bytes, self.tmpfs_bytes, self.cpus)

    def helpers_view(self) -> tuple[str, str]:
        """(the helpers folder as the kernel sees it, the built copy bound there instead)."""
        return str(Path(helpers.__file__).resolve().parent), str(kernel_package(self.graded_assignment))

    def _socket_folder(self, uid: int) -> Path:
        """A new, short IPC socket folder that belongs to `uid` until the kernel has bound its sockets."""
        folder = Path(tempfile.mkdtemp(prefix=socket_folder_prefix(self.slot), dir=self.socket_root))
        os.chown(folder, uid, uid)
        return folder

    def _new_group(self, uid: int) -> cgroups.Group | None:
        """A control group for one sandbox, or None where none can be made (or they are turned off)."""
        hierarchy = cgroups.find_hierarchy() if self.control_groups else None
        if hierarchy is None:
            return None
        limits = self.limits()
        name = f"{group_prefix(self.slot)}{uid}-{uuid.uuid4().hex[:8]}"
        return cgroups.Group.create(hierarchy, name, cgroups.GroupLimits(limits.memory_bytes, limits.processes,
                                                                         limits.cpus))

    async def _async_pre_start_kernel(self, **kw):
        self._socket_dir = self._socket_folder(self.uid)
        self._group = self._new_group(self.uid)
        self.ip = str(self._socket_dir / "k")
        self.connection_file = str(self._socket_dir / "kernel.json")
        return await super()._async_pre_start_kernel(**kw)

    def write_connection_file(self, **kwargs) -> None:
        """Write it as usual, then hand it to the kernel's uid (it is written 0600 by this process)."""
        super().write_connection_file(**kwargs)
        if os.path.exists(self.connection_file):
            os.chown(self.connection_file, self.uid, self.uid)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        self._seccomp_fd = seccomp.program_descriptor()  # bwrap reads the filter from it; closed once bwrap runs
        arguments = bwrap_arguments(self.uid, self._socket_dir, self.limits(), grouped=self._group is not None,
                                    seccomp_fd=self._seccomp_fd)
        return rebind_helpers(arguments, *self.helpers_view()) + super().format_kernel_cmd(extra_arguments)

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw):
        """bwrap with no descriptor of this worker but the filter's (its log included) and, before it runs,
        in the sandbox's control group, so that all it starts is counted there."""
        kw.update(stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                  pass_fds=(self._seccomp_fd,), preexec_fn=self._group.join if self._group else None)
        try:
            return await super()._async_launch_kernel(kernel_cmd, **kw)
        finally:
            os.close(self._seccomp_fd)

    def close_socket_folder(self) -> None:
        if self._socket_dir is not None:
            close_socket_folder(self._socket_dir)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        """Whatever happened to the kernel: its control group (and every process left in it) and its IPC folder
        go, and what the group's limits did is recorded for the worker. A restart makes new ones."""
        await super()._async_cleanup_resources(restart)
        if self._group is not None:
            LimitLedger.record(self._group.remove())
            self._group = None
        if self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)
            self._socket_dir = None


class TemplateProvisioner(LocalProvisioner):
    """Launches the kernel by asking this worker's kernel template to fork one into the sandbox, or adopts
    the spare kernel forked while the previous submission ran."""

    async def launch_kernel(self, cmd: list[str], **kwargs):
        manager = self.parent
        if not (cmd and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable) and "ipykernel_launcher" in cmd):
            raise RuntimeError(f"a forked kernel must be this Python's ipykernel, not {cmd}")
        template = template_handle.template_for(kernel_environment(), list(manager.preload))
        adopted = manager.adopted
        self.process = adopted.kernel if adopted else template_handle.fork_kernel(template, manager.plan())
        self.pid = self.pgid = self.process.pid  # the forked kernel leads a session and process group of its own
        self.cwd = kwargs.get("cwd")
        if manager.spare:
            manager.fork_spare(template)
        return self.connection_info


class TemplateKernelManager(SandboxKernelManager):
    """The same sandbox without starting Python again: the kernel is forked from a template process that
    imported the course's stack once (:mod:`autograder.sandbox.template`). While one submission runs, the
    next one's kernel is already forked and starting, as the other uid of the worker's pair, so that a
    process limit reached by this submission cannot touch it."""

    preload = List(Unicode(), [*STACK, "helpers.grading.agent"],  # never the answer key (kernel_package)
                   help="Modules the template imports once, before forking kernels: what the kernel and the "
                        "notebooks' first cells import.").tag(config=True)
    spare = Bool(True, help="Fork the next submission's kernel (in a sandbox of its own, as the worker's other "
                            "uid) while this one runs, so that it is ready when the next submission starts.").tag(
        config=True)

    adopted: template_handle.Spare | None = None
    _own_uid: int | None = None

    @property
    def uid(self) -> int:
        return self._own_uid if self._own_uid is not None else super().uid

    async def _async_pre_start_kernel(self, **kw):
        self.kernel_id = self.kernel_id or str(uuid.uuid4())
        if self.provisioner is None:
            self.provisioner = TemplateProvisioner(kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
        self.adopted = template_handle.take_spare(self.slot, self.helpers_view()[1])
        if self.adopted is None:
            self._own_uid = super().uid
            return await super()._async_pre_start_kernel(**kw)
        # the spare's sandbox, control group, sockets and connection file become this kernel's
        self._own_uid, self._socket_dir = self.adopted.uid, Path(self.adopted.socket_dir)
        self._group = self.adopted.group
        self.connection_file = self.adopted.connection_file
        self.load_connection_file()
        self._connection_file_written = True
        return await AsyncKernelManager._async_pre_start_kernel(self, **kw)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return AsyncKernelManager.format_kernel_cmd(self, extra_arguments)

    async def _async_launch_kernel(self, kernel_cmd: list[str], **kw):
        return await AsyncKernelManager._async_launch_kernel(self, kernel_cmd, **kw)  # the template forks it

    def plan(self) -> KernelPlan:
        return self._plan(self.uid, self._socket_dir, self.connection_file, self._group)

    def _plan(self, uid: int, socket_dir: Path, connection_file: str, group: cgroups.Group | None) -> KernelPlan:
        target, built = self.helpers_view()
        return template_plan(uid, socket_dir, self.limits(), connection_file, self._stored_newlines(),
                             group.procs_files() if group else [], seccomp.filter_program(), {target: built})

    def _stored_newlines(self) -> int:
        """Newlines of a cell's stream the kernel sends: one more than nbgrader's LimitOutput keeps (-1: all)."""
        from nbgrader.preprocessors import LimitOutput

        kept = LimitOutput(config=self.config).max_lines
        return -1 if kept < 0 else kept + 1

    def fork_spare(self, template: TemplateProcess) -> None:
        """The next submission's kernel, forked now as the other uid of this worker's pair."""
        pair = super().uid
        uid = pair + 1 if self.uid == pair else pair
        socket_dir = self._socket_folder(uid)
        connection_file = str(socket_dir / "kernel.json")
        write_connection_file(connection_file, ip=str(socket_dir / "k"), transport="ipc",
                              key=str(uuid.uuid4()).encode(), signature_scheme=self.session.signature_scheme,
                              kernel_name=self.kernel_name)
        os.chown(connection_file, uid, uid)
        group = self._new_group(uid)
        try:
            kernel = template_handle.fork_kernel(template, self._plan(uid, socket_dir, connection_file, group))
        except RuntimeError:
            shutil.rmtree(socket_dir, ignore_errors=True)
            if group is not None:
                group.remove()
            return
        template_handle.keep_spare(self.slot, template_handle.Spare(kernel, connection_file, str(socket_dir), uid,
                                                                    group, self.helpers_view()[1]))


class SandboxedExecute(Execute):
    """nbgrader's Execute preprocessor with every kernel in its own sandbox: forked from the worker's
    kernel template where that can be done (Linux, as root), else started by bubblewrap."""

    fork_from_template = Bool(True, help="Fork kernels from a template that imported the stack once (Linux, "
                                         "root); False starts each kernel's Python anew in bubblewrap.").tag(
        config=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Execute would set its own kernel manager otherwise
        forked = self.fork_from_template and template_handle.available()
        self.kernel_manager_class = TemplateKernelManager if forked else SandboxKernelManager


    async def async_start_new_kernel_client(self):
        """The client of a kernel that is ready, hence has bound its sockets: its IPC folder is closed to it
        before the first cell runs."""
        client = await super().async_start_new_kernel_client()
        self.km.close_socket_folder()
        return client

    start_new_kernel_client = run_sync(async_start_new_kernel_client)
