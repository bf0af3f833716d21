"""The kernel managers a sandboxed kernel is started by, in a grading worker: bubblewrap's
(:class:`SandboxKernelManager`), or a kernel forked from the template (:class:`TemplateKernelManager`,
adopting the spare forked ahead); and nbgrader's Execute preprocessor that uses them.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

from jupyter_client.connect import write_connection_file
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import LocalProvisioner
from nbgrader.preprocessors import Execute
from traitlets import Bool, Integer, List, Unicode, default

from autograder.sandbox import template as kernel_template
from autograder.sandbox.policy import SLOTS, UID_BASE, Limits, bwrap_arguments, kernel_environment, template_plan


class SandboxKernelManager(AsyncKernelManager):
    """A kernel manager that starts the kernel inside the sandbox and talks to it over IPC sockets."""

    slot = Integer(0, help="Worker slot: the kernel runs as uid UID_BASE + 2 × slot.").tag(config=True)
    memory_bytes = Integer(Limits.memory_bytes, help="Address-space limit of the kernel (bytes).").tag(config=True)
    processes = Integer(Limits.processes, help="Process and thread limit of the sandbox's uid.").tag(config=True)
    file_bytes = Integer(Limits.file_bytes, help="Largest file the kernel may write (bytes).").tag(config=True)
    tmpfs_bytes = Integer(Limits.tmpfs_bytes, help="Size of the kernel's /tmp and working folder (bytes).").tag(
        config=True)
    socket_root = Unicode("/tmp", help="Where the short IPC socket folder is made (ZMQ refuses paths over "
                                       "about 107 bytes).").tag(config=True)

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

    def _limits(self) -> Limits:
        return Limits(self.memory_bytes, self.processes, self.file_bytes, self.tmpfs_bytes)

    def _socket_folder(self, uid: int) -> Path:
        """A new, short IPC socket folder that belongs to `uid`."""
        folder = Path(tempfile.mkdtemp(prefix="cg-", dir=self.socket_root))
        os.chown(folder, uid, uid)
        return folder

    async def _async_pre_start_kernel(self, **kw):
        self._socket_dir = self._socket_folder(self.uid)
        self.ip = str(self._socket_dir / "k")
        self.connection_file = str(self._socket_dir / "kernel.json")
        return await super()._async_pre_start_kernel(**kw)

    def write_connection_file(self, **kwargs) -> None:
        """Write it as usual, then hand it to the kernel's uid (it is written 0600 by this process)."""
        super().write_connection_file(**kwargs)
        if os.path.exists(self.connection_file):
            os.chown(self.connection_file, self.uid, self.uid)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return bwrap_arguments(self.uid, self._socket_dir, self._limits()) + super().format_kernel_cmd(
            extra_arguments)

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart)
        if not restart and getattr(self, "_socket_dir", None) is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)


class TemplateProvisioner(LocalProvisioner):
    """Launches the kernel by asking this worker's kernel template to fork one into the sandbox, or adopts
    the spare kernel forked while the previous submission ran."""

    async def launch_kernel(self, cmd: list[str], **kwargs):
        manager = self.parent
        if not (cmd and os.path.realpath(cmd[0]) == os.path.realpath(sys.executable) and "ipykernel_launcher" in cmd):
            raise RuntimeError(f"a forked kernel must be this Python's ipykernel, not {cmd}")
        template = kernel_template.template_for(kernel_environment(), list(manager.preload))
        self.process = manager.adopted.kernel if manager.adopted else template.launch(manager.plan())
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

    preload = List(Unicode(), [
        "torch", "numpy", "pandas", "matplotlib.pyplot", "matplotlib_inline.backend_inline",  # the notebooks' stack
        "helpers.data", "helpers.plotting", "helpers.grading.core",
        # what ipykernel imports while it starts: its shell, its debugger (debugpy), IPython's history (sqlite3)
        "ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipykernel.debugger",
        "IPython.core.history", "sqlite3", "psutil", "pydoc", "xmlrpc.client"],
        help="Modules the template imports once, before forking kernels: what the kernel and the notebooks' first "
             "cells import.").tag(config=True)
    spare = Bool(True, help="Fork the next submission's kernel (in a sandbox of its own, as the worker's other "
                            "uid) while this one runs, so that it is ready when the next submission starts.").tag(
        config=True)

    adopted: kernel_template.Spare | None = None
    _own_uid: int | None = None

    @property
    def uid(self) -> int:
        return self._own_uid if self._own_uid is not None else super().uid

    async def _async_pre_start_kernel(self, **kw):
        self.kernel_id = self.kernel_id or str(uuid.uuid4())
        if self.provisioner is None:
            self.provisioner = TemplateProvisioner(kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
        self.adopted = kernel_template.take_spare(self.slot)
        if self.adopted is None:
            self._own_uid = super().uid
            return await super()._async_pre_start_kernel(**kw)
        # the spare's sandbox, sockets and connection file become this kernel's
        self._own_uid, self._socket_dir = self.adopted.uid, Path(self.adopted.socket_dir)
        self.connection_file = self.adopted.connection_file
        self.load_connection_file()
        self._connection_file_written = True
        return await AsyncKernelManager._async_pre_start_kernel(self, **kw)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return AsyncKernelManager.format_kernel_cmd(self, extra_arguments)

    def plan(self) -> dict:
        return template_plan(self.uid, self._socket_dir, self._limits(), self.connection_file, self._stored_newlines())

    def _stored_newlines(self) -> int:
        """Newlines of a cell's stream the kernel sends: one more than nbgrader's LimitOutput keeps (-1: all)."""
        from nbgrader.preprocessors import LimitOutput

        kept = LimitOutput(config=self.config).max_lines
        return -1 if kept < 0 else kept + 1

    def fork_spare(self, template: kernel_template.TemplateProcess) -> None:
        """The next submission's kernel, forked now as the other uid of this worker's pair."""
        pair = super().uid
        uid = pair + 1 if self.uid == pair else pair
        socket_dir = self._socket_folder(uid)
        connection_file = str(socket_dir / "kernel.json")
        write_connection_file(connection_file, ip=str(socket_dir / "k"), transport="ipc",
                              key=str(uuid.uuid4()).encode(), signature_scheme=self.session.signature_scheme,
                              kernel_name=self.kernel_name)
        os.chown(connection_file, uid, uid)
        try:
            kernel = template.launch(template_plan(uid, socket_dir, self._limits(), connection_file,
                                                   self._stored_newlines()))
        except RuntimeError:
            shutil.rmtree(socket_dir, ignore_errors=True)
            return
        kernel_template.keep_spare(self.slot, kernel_template.Spare(kernel, connection_file, str(socket_dir), uid))


class SandboxedExecute(Execute):
    """nbgrader's Execute preprocessor with every kernel in its own sandbox: forked from the worker's
    kernel template where that can be done (Linux, as root), else started by bubblewrap."""

    fork_from_template = Bool(True, help="Fork kernels from a template that imported the stack once (Linux, "
                                         "root); False starts each kernel's Python anew in bubblewrap.").tag(
        config=True)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Execute would set its own kernel manager otherwise
        forked = self.fork_from_template and kernel_template.available()
        self.kernel_manager_class = TemplateKernelManager if forked else SandboxKernelManager

