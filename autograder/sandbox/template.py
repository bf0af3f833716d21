"""The kernel template's own side (runs in the template process, ``python -m autograder.sandbox.template``, and in
the kernels it forks): one process that imports the course's stack once, then forks each submission's kernel
straight into a sandbox of its own (Linux, as root). The worker's side, which starts it and keeps the spare
kernels, is :mod:`autograder.sandbox.template_handle`; the plan each request carries across is
:class:`autograder.sandbox.kernel_plan.KernelPlan`. Nothing here runs in the worker.

Starting Python and importing torch, numpy, pandas, matplotlib, IPython and ``helpers`` again for every
submission is most of what grading one costs. A worker therefore starts this template once
(``python -m autograder.sandbox.template``, with the sandbox's clean environment and nothing else), and for
each kernel the template forks:

    template ── A (joins the sandbox's control group; setsid; unshare: mount, PID, network, IPC, UTS,
                 │   cgroup namespaces)
                 └─ B  PID 1 of the new namespace: builds the sandbox's file system, drops to the
                       submission's uid, loads the seccomp filter, lets go of the worker's log,
                       reaps orphans, exits with the kernel
                     └─ C  the kernel: limits, no privileges, then ipykernel on the connection file

The sandbox is the one :mod:`autograder.sandbox.policy` describes for bubblewrap (the worker sends the same
plan: read-only binds, two small tmpfs mounts, the IPC socket folder, the environment, the limits, the
uid, the control group and the seccomp filter). Nothing passes from one kernel to the next: each is a
fresh copy-on-write fork of a template that never runs student code, with a fresh /tmp, and holds no
descriptor of the template's or the worker's.
The template runs nothing after its imports, so no lock is held when it forks: its only other thread is
numpy's OpenBLAS pool, which OpenBLAS itself stops before every fork (a pthread_atfork handler) and starts
again when a kernel first needs it; torch's and OpenMP's pools start only at a first computation.

The fork mechanism itself (the server loop, the worker's handle, the forked kernel seen as a Popen, the protocol)
is :mod:`helpers.kernel_fork`, which the student's Validate forks its kernels with too; this module adds what is
the grader's in the template: the sandbox each child builds as root, and the preload that refuses the answer key.
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import resource
import signal
import sys

from autograder.sandbox.cgroups import join_procs
from autograder.sandbox.kernel_package import KERNEL_SIDE
from autograder.sandbox.kernel_plan import SYS_PIVOT_ROOT, KernelPlan
from autograder.sandbox.output import CappedOutStream  # imported here, before any fork: kernels read no file of it
from autograder.sandbox.seccomp import install as install_seccomp
from helpers.kernel_fork import Template

CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS = 0x00020000, 0x02000000, 0x04000000
CLONE_NEWIPC, CLONE_NEWPID, CLONE_NEWNET = 0x08000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 1, 2, 4, 8, 32
MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS = 1, 24, 38
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
OLD_ROOT = ".old-root"

_libc = ctypes.CDLL(None, use_errno=True)


def _check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def _bytes(text: str | None) -> bytes | None:
    return text.encode() if text is not None else None


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(_libc.mount(_bytes(source), _bytes(target), _bytes(fstype), ctypes.c_ulong(flags), _bytes(data)),
           f"mount {target}")


# ---------------------------------------------------------------- inside the new namespaces (B)
def _bind_read_only(path: str, root: str, source: str | None = None) -> None:
    """`source` (by default `path` itself) bound read-only at `path` in the new root."""
    target = root + path
    if os.path.isdir(path):
        os.makedirs(target, mode=0o755, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        open(target, "a").close()
    _mount(source or path, target, None, MS_BIND | MS_REC)
    _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def _devices(root: str) -> None:
    """A tmpfs /dev with the harmless device nodes bound in, like bubblewrap's --dev."""
    dev = root + "/dev"
    os.makedirs(dev, mode=0o755, exist_ok=True)
    _mount("tmpfs", dev, "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755,size=1m")
    for name in DEVICES:
        if os.path.exists(f"/dev/{name}"):
            open(f"{dev}/{name}", "a").close()
            _mount(f"/dev/{name}", f"{dev}/{name}", None, MS_BIND)
    for name, target in (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2")):
        os.symlink(target, f"{dev}/{name}")
    os.makedirs(f"{dev}/shm", mode=0o1777)


def build_file_system(plan: KernelPlan) -> None:
    """The sandbox's root: a private tmpfs holding tmpfs mounts for `plan.tmpfs` first (a course or venv
    under /tmp is bound on top of them), read-only binds of `plan.read_only` (a path of `plan.bind_as` from
    the folder it names: the helpers package without the answer key), /proc of the new PID namespace, /dev and
    the socket folder read-write; then pivot into it and make it read-only."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE)
    root = plan.root
    _mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755")
    for folder in plan.tmpfs:
        os.makedirs(root + folder, exist_ok=True)
        _mount("tmpfs", root + folder, "tmpfs", MS_NOSUID | MS_NODEV, f"mode=1777,size={plan.tmpfs_bytes}")
    for path in plan.read_only:
        _bind_read_only(path, root, plan.bind_as.get(path))
    os.makedirs(root + "/proc", mode=0o555, exist_ok=True)
    _mount("proc", root + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    _devices(root)
    socket_dir = plan.socket_dir
    os.makedirs(root + socket_dir, exist_ok=True)
    _mount(socket_dir, root + socket_dir, None, MS_BIND)
    _mount(None, root + socket_dir, None, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV)
    os.chdir(root)
    os.makedirs(OLD_ROOT)
    _check(_libc.syscall(SYS_PIVOT_ROOT, b".", OLD_ROOT.encode()), "pivot_root")
    os.chdir("/")
    _check(_libc.umount2(f"/{OLD_ROOT}".encode(), MNT_DETACH), "umount old root")
    os.rmdir(f"/{OLD_ROOT}")
    _mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def drop_privileges(uid: int) -> None:
    """No capabilities now or ever (bounding set emptied, no_new_privs), then the unprivileged uid."""
    last = int(open("/proc/sys/kernel/cap_last_cap").read())
    for capability in range(last + 1):
        _libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0)
    _check(_libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def _set_limits(limits: dict) -> None:
    for name, value in limits.items():
        resource.setrlimit(getattr(resource, name), (value, value))


def run_kernel(plan: KernelPlan) -> None:
    """C: the limits, then ipykernel on the plan's connection file, as `python -m ipykernel_launcher` would."""
    _set_limits(plan.limits)
    os.chdir(plan.workdir)
    os.environ.clear()
    os.environ.update(plan.environment)
    sys.argv = [plan.launcher, "-f", plan.connection_file]
    if plan.stream_newlines >= 0:  # what nbgrader would throw away is not sent at all
        CappedOutStream.limit = plan.stream_newlines
        sys.argv.append(f"--IPKernelApp.outstream_class={CappedOutStream.__module__}.{CappedOutStream.__name__}")
    sys.path[0] = plan.workdir
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


def _init(plan: KernelPlan) -> int:
    """B, PID 1 of the new namespaces: the file system, no privileges, the kernel as its child; reap
    every orphan until the kernel exits, then exit with its status (which ends the namespace)."""
    build_file_system(plan)
    drop_privileges(plan.uid)
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # changing the uid cleared it: A's death ends B
    if plan.seccomp is not None:  # B too: it runs as the student's uid
        install_seccomp(plan.seccomp)
    _let_go_of_the_log()
    kernel = os.fork()
    if kernel == 0:
        try:
            run_kernel(plan)
        finally:
            os._exit(0)
    while True:
        pid, status = os.waitpid(-1, 0)
        if pid == kernel:
            return os.waitstatus_to_exitcode(status) & 0xFF


def _let_go_of_the_log() -> None:
    """Standard input, output and error on /dev/null: until now they were the worker's log (where a failure
    to build the sandbox is reported), which no kernel may hold, write or reopen through /proc/self/fd."""
    null = os.open("/dev/null", os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    os.close(null)


def _child(request: dict) -> None:
    """A: its control group, a session of its own and the new namespaces; B runs in them, A waits for it.
    `request` is the worker's :class:`KernelPlan` as JSON (helpers.kernel_fork's protocol)."""
    plan = KernelPlan.from_json(request)
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    join_procs(plan.cgroup_procs)  # before anything of the sandbox exists: all of it is counted there
    os.setsid()
    _check(_libc.unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP),
           "unshare")
    init = os.fork()
    if init == 0:
        _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        code = 1
        try:
            code = _init(plan)
        except BaseException as error:  # noqa: BLE001 - the sandbox could not be made: say why, in the log
            os.write(2, f"kernel sandbox: {type(error).__name__}: {error}\n".encode())
        finally:
            os._exit(code)
    _, status = os.waitpid(init, 0)
    os._exit(os.waitstatus_to_exitcode(status) & 0xFF)


# ---------------------------------------------------------------- the template's own start
def preload(modules: list[str]) -> None:
    """Import the stack a kernel and the notebook need, and what importing them sets up, once; then freeze
    what was made, so that a forked kernel's garbage collections never touch (and so copy) those pages."""
    for name in modules:
        importlib.import_module(name)
    held = answer_key_modules()
    if held:
        raise RuntimeError(f"preloading {modules} imported {held}: every forked kernel would hold the answer key")
    gc.freeze()


def answer_key_modules() -> list[str]:
    """The modules of helpers this process imported that a grading kernel may not have (kernel_package)."""
    import helpers

    package = os.path.dirname(os.path.realpath(helpers.__file__))
    loaded = [module for name, module in list(sys.modules.items()) if name.split(".")[0] == "helpers"]
    files = [os.path.relpath(os.path.realpath(module.__file__), package) for module in loaded
             if getattr(module, "__file__", None)]
    return sorted(file for file in files if file not in KERNEL_SIDE)


def main(argv: list[str]) -> int:
    _libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the worker's death ends the template
    try:
        preload(argv)
    except RuntimeError as refused:
        sys.stdout.write(json.dumps({"error": str(refused)}) + "\n")
        return 1
    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    Template(_child).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
