"""The OS sandbox every graded kernel runs in (Linux, bubblewrap): one submission harms only its own score.

Inside it, the kernel and everything it starts
- see a read-only system: /usr and friends, the Python installation, the course's virtual
  environment and the ``helpers`` package, and nothing else of the machine (no source/, no
  gradebook, no other submission, no home folder);
- may write only to a private /tmp and their own working folder, both small tmpfs mounts;
- have no network (their own network namespace; the kernel is reached over IPC sockets in a
  short folder bound in), their own PID namespace (all of it dies with the kernel) and an
  unprivileged uid, so the process limit holds;
- get a clean environment and limits on memory, processes and file size.

bwrap does not forward signals, so interrupts reach the kernel as messages (``interrupt_mode:
message``), the way ipykernel supports on every platform.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

from jupyter_client.connect import write_connection_file
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.provisioning import LocalProvisioner
from nbgrader.converters import Autograde
from nbgrader.preprocessors import Execute
from traitlets import Bool, Integer, List, Unicode, default

import helpers
from autograder import kernel_template

SYSTEM_DIRS = ("/usr", "/bin", "/lib", "/lib64", "/lib32", "/libx32", "/sbin")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf",
                "/etc/fonts")
# numeric-library settings that change results or correctness on some processors; nothing personal
PASSED_ENVIRONMENT = ("LANG", "LC_ALL", "TZ", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OMP_NUM_THREADS",
                      "MKL_NUM_THREADS")
WORKDIR = "/home/student"  # the kernel's working folder inside the sandbox
UID_BASE = 61000  # a worker's kernels run as uid UID_BASE + 2·slot (+1 for every other forked kernel): unprivileged
SLOTS = 500  # workers on one machine at a time; their uids stay in UID_BASE … UID_BASE + 999
INSTALL_HINT = ("채점 샌드박스(bubblewrap)를 만들 수 없습니다. Debian/Ubuntu 에서는 "
                "`sudo apt-get install bubblewrap`, Fedora 에서는 `sudo dnf install bubblewrap`으로 설치한 뒤 다시 "
                "실행하세요. Linux 가 아닌 컴퓨터(macOS, Windows)나 네임스페이스를 막은 컨테이너에서는 과정 서버에서 "
                "채점하세요. 샌드박스 없이 채점하려면 --no-sandbox 를 붙입니다 (학생 코드가 이 컴퓨터의 파일과 "
                "네트워크에 닿을 수 있습니다).")


@dataclass(frozen=True)
class Limits:
    """What one sandboxed kernel may use; going past a limit fails that student's cell, nothing else."""

    memory_bytes: int = 6 * 2**30  # address space (RLIMIT_AS): torch alone maps about 2 GiB
    processes: int = 64  # processes and threads of the sandbox's uid (RLIMIT_NPROC)
    file_bytes: int = 64 * 2**20  # largest file it may write (RLIMIT_FSIZE)
    tmpfs_bytes: int = 256 * 2**20  # size of its /tmp and of its working folder, each


def claim_slot(folder: Path | None = None):
    """(slot, held lock file): a uid slot no other live worker on this machine holds, any grading run
    included, so that one run's fork bomb cannot use up another's process limit. Held until closed."""
    import fcntl

    folder = Path(folder or Path(tempfile.gettempdir()) / "course-grader-uids")
    folder.mkdir(parents=True, exist_ok=True)
    for slot in range(SLOTS):
        handle = open(folder / f"{slot}.lock", "a+")  # noqa: SIM115 - held by the worker
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            continue
        return slot, handle
    raise RuntimeError(f"all {SLOTS} sandbox slots are in use on this machine")


def bwrap() -> str | None:
    """The bubblewrap executable, or None."""
    return shutil.which("bwrap")


def unavailable_reason() -> str | None:
    """None when a sandbox can be made here; otherwise why not (Korean, with what to do)."""
    if not sys.platform.startswith("linux"):
        return INSTALL_HINT
    executable = bwrap()
    if executable is None:
        return INSTALL_HINT
    probe = subprocess.run([executable, "--unshare-net", "--unshare-pid", "--die-with-parent",
                            "--ro-bind", "/", "/", "true"], capture_output=True, text=True, timeout=30)
    if probe.returncode != 0:
        return f"{INSTALL_HINT} (bwrap: {probe.stderr.strip()[:200]})"
    return None


def readable_paths() -> list[Path]:
    """What the kernel must read: the Python installation, the virtual environment, the helpers package."""
    paths = [Path(sys.base_prefix), Path(sys.prefix), Path(helpers.__file__).resolve().parent]
    return [path for index, path in enumerate(paths) if path not in paths[:index]]


def _parents(path: Path) -> list[str]:
    """The folders above `path`, outermost first ('/root', '/root/.pyenv', …), to create traversable."""
    return [str(parent) for parent in reversed(path.parents) if str(parent) != "/"]


def read_only_paths() -> list[str]:
    """Everything the kernel sees of the machine, read-only: the system, the Python installation, the
    virtual environment and the helpers package."""
    mounted = [folder for folder in SYSTEM_DIRS if os.path.isdir(folder)]
    return mounted + [file for file in SYSTEM_FILES if os.path.exists(file)] + [str(p) for p in readable_paths()]


def kernel_environment() -> dict[str, str]:
    """The kernel's whole environment: a few fixed values and the numeric-library settings."""
    environment = {"PATH": f"{Path(sys.prefix) / 'bin'}:/usr/bin:/bin", "HOME": WORKDIR,
                   "MPLCONFIGDIR": "/tmp/matplotlib", "IPYTHONDIR": "/tmp/ipython", "PYTHONIOENCODING": "utf-8"}
    environment.update({name: os.environ[name] for name in PASSED_ENVIRONMENT if name in os.environ})
    return environment


def bwrap_arguments(uid: int, socket_dir: Path, limits: Limits) -> list[str]:
    """bwrap's options, then the commands that set the limits and drop to `uid`; the kernel command follows."""
    arguments = [bwrap() or "bwrap", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                 "--unshare-cgroup-try", "--die-with-parent", "--new-session", "--clearenv"]
    # the tmpfs mounts first: a course or venv that lives under /tmp (a CI clone) is bound on top of them
    arguments += ["--proc", "/proc", "--dev", "/dev"]
    for folder in ("/tmp", WORKDIR):
        arguments += ["--size", str(limits.tmpfs_bytes), "--perms", "1777", "--tmpfs", folder]
    mounted = read_only_paths()
    created: list[str] = []  # bwrap would make the folders above a mount unreadable for the kernel's uid
    for path in mounted:
        for parent in _parents(Path(path)):
            if parent not in created:
                created.append(parent)
                arguments += ["--perms", "0755", "--dir", parent]
    for path in mounted:
        arguments += ["--ro-bind", path, path]
    arguments += ["--bind", str(socket_dir), str(socket_dir)]
    for name, value in kernel_environment().items():
        arguments += ["--setenv", name, value]
    arguments += ["--chdir", WORKDIR, "--",
                  "prlimit", f"--as={limits.memory_bytes}", f"--nproc={limits.processes}",
                  f"--fsize={limits.file_bytes}", "--core=0", "--",
                  "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all",
                  "--bounding-set=-all", "--"]
    return arguments


def template_plan(uid: int, socket_dir: Path, limits: Limits, connection_file: str, stream_newlines: int) -> dict:
    """The same sandbox for a kernel forked from :mod:`autograder.kernel_template`: what it binds, mounts,
    sets and limits, as plain data (it travels to the template as JSON)."""
    import ipykernel_launcher

    root = socket_dir / "root"  # an empty mount point; the tmpfs on it exists only in the kernel's view
    root.mkdir(exist_ok=True)
    return {"root": str(root), "read_only": read_only_paths(), "tmpfs": ["/tmp", WORKDIR],
            "tmpfs_bytes": limits.tmpfs_bytes, "socket_dir": str(socket_dir), "uid": uid,
            "limits": {"RLIMIT_AS": limits.memory_bytes, "RLIMIT_NPROC": limits.processes,
                       "RLIMIT_FSIZE": limits.file_bytes, "RLIMIT_CORE": 0},
            "environment": kernel_environment(), "workdir": WORKDIR, "connection_file": connection_file,
            "launcher": ipykernel_launcher.__file__, "stream_newlines": stream_newlines}


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
    imported the course's stack once (:mod:`autograder.kernel_template`). While one submission runs, the
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


def sandboxed_preprocessors() -> list:
    """nbgrader's autograde preprocessors, in order, with Execute replaced by SandboxedExecute."""
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    return [SandboxedExecute if preprocessor is Execute else preprocessor for preprocessor in default]
