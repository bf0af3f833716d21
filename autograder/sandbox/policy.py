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
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import helpers
from autograder.sandbox import cgroups, seccomp
from autograder.sandbox.kernel_plan import KernelPlan

SYSTEM_DIRS = ("/usr", "/bin", "/lib", "/lib64", "/lib32", "/libx32", "/sbin")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/passwd", "/etc/group", "/etc/nsswitch.conf",
                "/etc/fonts")
# numeric-library settings that change results or correctness on some processors; nothing personal
PASSED_ENVIRONMENT = ("LANG", "LC_ALL", "TZ", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "OMP_NUM_THREADS",
                      "MKL_NUM_THREADS")
WORKDIR = "/home/student"  # the kernel's working folder inside the sandbox
UID_BASE = 61000  # a worker's kernels run as uid UID_BASE + 2·slot (+1 for every other forked kernel): unprivileged
SLOTS = 500  # workers on one machine at a time; their uids stay in UID_BASE … UID_BASE + 999
SOCKET_ROOT = "/tmp"  # where kernels' IPC socket folders are made (ZMQ refuses paths over about 107 bytes)
STATE_ROOT = Path("/run/course-grader")  # root's machine-wide state (slot locks, a grading machine's scratch)
SLOT_FOLDER = "slots"
INSTALL_HINT = ("채점 샌드박스(bubblewrap)를 만들 수 없습니다. Debian/Ubuntu에서는 "
                "`sudo apt-get install bubblewrap`, Fedora에서는 `sudo dnf install bubblewrap`으로 설치한 뒤 다시 "
                "실행하세요. Linux가 아닌 컴퓨터(macOS, Windows)나 네임스페이스를 막은 컨테이너에서는 과정 서버에서 "
                "채점하세요. 샌드박스 없이 채점하려면 --no-sandbox를 붙입니다 (학생 코드가 이 컴퓨터의 파일과 "
                "네트워크에 닿을 수 있습니다).")

SECCOMP_HINT = ("채점 샌드박스의 seccomp 필터를 만들 수 없습니다: libseccomp가 필요합니다. Debian/Ubuntu에서는 "
                "`sudo apt-get install libseccomp2`, Fedora에서는 `sudo dnf install libseccomp`로 설치한 뒤 "
                "다시 실행하세요.")


@dataclass(frozen=True)
class Limits:
    """What one sandboxed kernel may use; going past a limit fails that student's cell, nothing else."""

    memory_bytes: int = 6 * 2**30  # all its processes together (control group); each one's address space too
    processes: int = 64  # processes and threads, all together (control group; RLIMIT_NPROC of its uid without one)
    file_bytes: int = 64 * 2**20  # largest file it may write (RLIMIT_FSIZE)
    tmpfs_bytes: int = 256 * 2**20  # size of its /tmp and of its working folder, each
    cpus: float = 1.0  # CPU time per second, all its processes together (control group)

    def rlimits(self, grouped: bool) -> dict[str, int]:
        """The per-process limits. In a control group the group counts processes; the uid's limit stays as a
        backstop, high enough that the group's limit is the one a fork bomb meets (and it is told why)."""
        processes = 2 * self.processes if grouped else self.processes
        return {"RLIMIT_AS": self.memory_bytes, "RLIMIT_NPROC": processes, "RLIMIT_FSIZE": self.file_bytes,
                "RLIMIT_CORE": 0}


def limit_reached_reason(events: cgroups.Events, limits: Limits) -> str | None:
    """Why a submission whose sandbox ran past a limit of its control group failed (Korean); None if none did."""
    if events.oom_kills:
        gib = limits.memory_bytes / 2**30
        return (f"메모리 한도를 넘었습니다: 이 제출의 모든 프로세스가 함께 쓸 수 있는 {gib:g} GiB를 넘어 "
                f"운영체제가 프로세스 {events.oom_kills}개를 종료했습니다 (큰 텐서나 자식 프로세스를 줄이세요)")
    if events.processes_refused:
        return (f"프로세스 수 한도를 넘었습니다: 이 제출의 프로세스와 스레드는 모두 합해 {limits.processes}개까지인데, "
                f"그 뒤로 새로 만들려던 것이 {events.processes_refused}번 거절되었습니다")
    return None


class UnsafeStateFolder(RuntimeError):
    """A folder of the machine-wide state is not this account's own private folder: another account made it first
    (or put a link there) and would choose where the slot locks and root's writes go."""


def state_root() -> Path:
    """Where this account keeps its machine-wide state: root's in STATE_ROOT (under /run, which only root
    writes); another account's (an instructor grading on their own machine) in $XDG_RUNTIME_DIR, or in
    <tmp>/course-grader-<uid> checked like any other (private_folder)."""
    if os.geteuid() == 0:
        return STATE_ROOT
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and os.path.isabs(runtime):
        return Path(runtime) / "course-grader"
    return Path(tempfile.gettempdir()) / f"course-grader-{os.geteuid()}"


def private_folder(path: Path) -> int:
    """A descriptor of `path` (made 0700 where missing), opened without following a link, once it is seen to be a
    real folder of this account's that no other account may enter; UnsafeStateFolder (with what to do) otherwise."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:  # a link (ELOOP) or no folder at all (ENOTDIR)
        info = os.lstat(path)
        raise UnsafeStateFolder(_unsafe_line(path, info.st_uid, info.st_mode)) from None
    info = os.fstat(descriptor)
    if info.st_uid != os.geteuid() or info.st_mode & 0o077:
        os.close(descriptor)
        raise UnsafeStateFolder(_unsafe_line(path, info.st_uid, info.st_mode))
    return descriptor


def _unsafe_line(path: Path, owner: int, mode: int) -> str:
    found = "a symbolic link" if stat.S_ISLNK(mode) else f"owner uid {owner}, {stat.filemode(mode)}"
    return (f"{path} is not this account's own private folder (uid {os.geteuid()}, mode 0700) but {found}: "
            "another account made it first and would choose where the grader's slot locks and files go, so nothing "
            f"was used. Remove it (`sudo rm -r {path}`) and run again.")


def state_folder(name: str) -> Path:
    """<state root>/<name>: a private folder of this account's (private_folder, both levels), for machine-wide state."""
    root = state_root()
    for folder in (root, root / name):
        os.close(private_folder(folder))
    return root / name


def claim_slot(folder: Path):
    """(slot, held lock file): the first slot whose lock in `folder` no live process holds. Held until closed. The
    lock folder must be private (private_folder); each lock is opened in it without following a link. Sweeps
    nothing: a slot's kernels and groups are the machine's, and only :func:`claim_machine_slot` claims those."""
    import fcntl

    directory = private_folder(Path(folder))
    try:
        for slot in range(SLOTS):
            handle = _open_lock(f"{slot}.lock", directory)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                handle.close()
                continue
            return slot, handle
    finally:
        os.close(directory)
    raise RuntimeError(f"all {SLOTS} sandbox slots are in use on this machine")


def claim_machine_slot():
    """(slot, held lock file): a uid slot no other live worker on this machine holds, any grading run included,
    so that one run's fork bomb cannot use up another's process limit; what a killed worker of that slot left
    (sweep_slot) is removed first. The locks are root's, in state_folder(SLOT_FOLDER)."""
    slot, handle = claim_slot(state_folder(SLOT_FOLDER))
    sweep_slot(slot)
    return slot, handle


def _open_lock(name: str, directory: int):
    """The lock file `name` in the folder open as `directory`, made 0600 where missing, never through a link."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    return os.fdopen(os.open(name, flags, 0o600, dir_fd=directory), "a+")  # noqa: SIM115 - held by the worker


def socket_folder_prefix(slot: int) -> str:
    return f"cg-{slot}-"


def group_prefix(slot: int) -> str:
    return f"slot{slot}-"


def sweep_slot(slot: int, socket_root: str = SOCKET_ROOT) -> None:
    """Remove what a worker of `slot` that was killed before cleaning up left: its kernels' IPC folders (only real
    folders of this account's: the socket root may be /tmp, where anyone can make one of that name) and control
    groups (and so their processes). Called by the worker that has just claimed the slot."""
    for folder in Path(socket_root).glob(socket_folder_prefix(slot) + "*"):
        info = os.lstat(folder)
        if stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid():
            shutil.rmtree(folder, ignore_errors=True)
    hierarchy = cgroups.find_hierarchy()
    if hierarchy is not None:
        cgroups.remove_stale(hierarchy, group_prefix(slot))


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
    try:
        seccomp.filter_program()
    except (OSError, RuntimeError, ImportError) as error:
        return SECCOMP_HINT + f" ({type(error).__name__}: {str(error)[:200]})"
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


def bwrap_arguments(uid: int, socket_dir: Path, limits: Limits, grouped: bool = False,
                    seccomp_fd: int | None = None) -> list[str]:
    """bwrap's options, then the commands that set the limits and drop to `uid`; the kernel command follows.
    `seccomp_fd` holds the filter bwrap loads before it runs the first of those commands."""
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
    if seccomp_fd is not None:
        arguments += ["--seccomp", str(seccomp_fd)]
    rlimits = limits.rlimits(grouped)
    arguments += ["--chdir", WORKDIR, "--",
                  "prlimit", f"--as={rlimits['RLIMIT_AS']}", f"--nproc={rlimits['RLIMIT_NPROC']}",
                  f"--fsize={rlimits['RLIMIT_FSIZE']}", "--core=0", "--",
                  "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--inh-caps=-all",
                  "--bounding-set=-all", "--"]
    return arguments


def template_plan(uid: int, socket_dir: Path, limits: Limits, connection_file: str, stream_newlines: int,
                  cgroup_procs: list[str], seccomp_program: bytes | None, bind_as: dict[str, str]) -> KernelPlan:
    """The same sandbox for a kernel forked from :mod:`autograder.sandbox.template`: what it binds (a path of
    `bind_as` from the folder it names), mounts, sets and limits, the control group it joins and the seccomp filter
    it loads."""
    import ipykernel_launcher

    root = socket_dir / "root"  # an empty mount point; the tmpfs on it exists only in the kernel's view
    root.mkdir(exist_ok=True)
    return KernelPlan(root=str(root), read_only=tuple(read_only_paths()), bind_as=dict(bind_as),
                      tmpfs=("/tmp", WORKDIR), tmpfs_bytes=limits.tmpfs_bytes, socket_dir=str(socket_dir), uid=uid,
                      limits=limits.rlimits(bool(cgroup_procs)), cgroup_procs=tuple(cgroup_procs),
                      seccomp=seccomp_program, environment=kernel_environment(), workdir=WORKDIR,
                      connection_file=connection_file, launcher=ipykernel_launcher.__file__,
                      stream_newlines=stream_newlines)
