"""The seccomp filter every graded kernel runs under, on both sandbox paths: bubblewrap loads it from
:func:`program_descriptor` (``--seccomp FD``), a kernel forked from the template loads it itself with
:func:`install` once it has dropped its privileges.

Everything is allowed except what a Jupyter kernel (Python, numpy, torch, subprocesses, threads,
loopback and Unix sockets) never needs and an escape or harm to a neighbour would: the kernel keyring;
new namespaces (``unshare``, ``setns``, ``clone`` with a CLONE_NEW* flag; ``clone3``, whose flags a
filter cannot read, answers ENOSYS so that glibc falls back to ``clone``); looking into other processes
(``ptrace``, ``process_vm_*``, ``kcmp``); the kernel's large attack surfaces (``bpf``,
``perf_event_open``, ``userfaultfd``, io_uring); file handles that bypass the mount tree
(``open_by_handle_at``); mounting, old and new API; kernel modules, kexec, reboot; swap, accounting,
the kernel log, quotas, I/O ports and the clocks; typing into the terminal (``ioctl`` TIOCSTI,
TIOCLINUX); and sockets of any family but AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK (no raw packets,
Bluetooth, vsock, AF_ALG, …). Everything else refused answers EPERM.

The list is drawn from Docker's default seccomp profile (moby ``profiles/seccomp/default.json``, an
allow-list: these are calls it leaves out for a container without added capabilities) and Flatpak's
(``flatpak-run.c``, ``setup_seccomp``, a deny-list); left out of theirs are the NUMA memory calls
(``mbind``, ``set_mempolicy``, …), which numeric libraries may use, and ``personality``. Calls libseccomp
does not know on this architecture are skipped. A syscall of a foreign ABI (i386 or x32 on x86_64) kills
the process: libseccomp's default bad-architecture action stays in place, so no ABI goes around the list.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import platform
import tempfile
from dataclasses import dataclass
from typing import NamedTuple

DENIED = (
    "add_key", "keyctl", "request_key",  # the kernel keyring
    "unshare", "setns",  # namespaces (clone: CLONE_NEW_FLAGS below)
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp",  # other processes' memory and files
    "bpf", "perf_event_open", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "open_by_handle_at", "name_to_handle_at",
    "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen", "fsconfig", "fsmount",
    "fspick", "mount_setattr",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot",
    "swapon", "swapoff", "acct", "syslog", "quotactl", "lookup_dcookie", "vhangup", "iopl", "ioperm",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "nfsservctl",
)
# CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET and
# CLONE_NEWTIME; clone() cannot ask for the last (there bit 0x80 belongs to the exit signal), so its rule only
# turns away exit signals of 128 and more, which nothing uses
CLONE_NEW_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000, 0x80)
TERMINAL_INJECTION = (0x5412, 0x541C)  # ioctl TIOCSTI, TIOCLINUX
ALLOWED_FAMILIES = (1, 2, 10, 16)  # AF_UNIX, AF_INET, AF_INET6, AF_NETLINK

SECCOMP_SYSCALL = {"x86_64": 317, "aarch64": 277}  # seccomp(2)'s number
PR_SET_NO_NEW_PRIVS = 38
SECCOMP_SET_MODE_FILTER = 1
SECCOMP_FILTER_FLAG_TSYNC = 1
INSTRUCTION_BYTES = 8  # sizeof(struct sock_filter)


class Comparison(NamedTuple):
    """libseccomp's comparison of one argument: argument `arg` `op` (a pyseccomp operator's name) `a` [, `b`]."""

    arg: int
    op: str
    a: int
    b: int = 0


@dataclass(frozen=True)
class Rule:
    """Answer `syscall` with the error `code`, when all `comparisons` hold."""

    syscall: str
    code: int = errno.EPERM
    comparisons: tuple[Comparison, ...] = ()


class SockFprog(ctypes.Structure):
    """struct sock_fprog: the program seccomp(2) loads."""

    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def _socket_rules() -> list[Rule]:
    """socket() refused for every family but ALLOWED_FAMILIES.

    A rule compares an argument once, so the complement is one EQ per family below the largest allowed
    and one GT above it; GT also catches a domain with stray upper bits."""
    largest = max(ALLOWED_FAMILIES)
    below = [Comparison(0, "EQ", family) for family in range(largest) if family not in ALLOWED_FAMILIES]
    return [Rule("socket", comparisons=(comparison,)) for comparison in [*below, Comparison(0, "GT", largest)]]


def _rules() -> tuple[Rule, ...]:
    """Every rule of the filter."""
    return (
        *(Rule(name) for name in DENIED),
        *(Rule("clone", comparisons=(Comparison(0, "MASKED_EQ", flag, flag),)) for flag in CLONE_NEW_FLAGS),
        Rule("clone3", errno.ENOSYS),
        # the request is an unsigned int: compare its low 32 bits, or stray upper bits would slip past
        *(Rule("ioctl", comparisons=(Comparison(1, "MASKED_EQ", 0xFFFFFFFF, request),))
          for request in TERMINAL_INJECTION),
        *_socket_rules(),
    )


RULES = _rules()


@functools.cache
def filter_program() -> bytes:
    """The filter as a classic-BPF program (struct sock_filter[]) for this machine's architecture."""
    import pyseccomp as seccomp  # only where the program is built: install() and the template need ctypes alone

    syscall_filter = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for rule in RULES:
        if seccomp.resolve_syscall(seccomp.Arch.NATIVE, rule.syscall) >= 0:  # negative: not a syscall here
            comparisons = [seccomp.Arg(c.arg, getattr(seccomp, c.op), c.a, c.b) for c in rule.comparisons]
            syscall_filter.add_rule(seccomp.ERRNO(rule.code), rule.syscall, *comparisons)
    with tempfile.TemporaryFile() as file:
        syscall_filter.export_bpf(file)
        file.seek(0)
        return file.read()


def install(program: bytes) -> None:
    """Load `program` into this process, every thread of it (TSYNC), for good; raises OSError if refused."""
    number = SECCOMP_SYSCALL.get(platform.machine())
    if number is None:
        raise OSError(errno.ENOSYS, f"seccomp: unsupported architecture {platform.machine()}")
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"seccomp: prctl(PR_SET_NO_NEW_PRIVS) failed: {os.strerror(code)}")
    instructions = ctypes.create_string_buffer(program, len(program))
    fprog = SockFprog(len(program) // INSTRUCTION_BYTES, ctypes.addressof(instructions))
    result = libc.syscall(ctypes.c_long(number), ctypes.c_long(SECCOMP_SET_MODE_FILTER),
                          ctypes.c_long(SECCOMP_FILTER_FLAG_TSYNC), ctypes.byref(fprog))
    if result < 0:
        code = ctypes.get_errno()
        raise OSError(code, f"seccomp: loading the filter failed: {os.strerror(code)}")
    if result > 0:  # TSYNC names the thread that could not take the filter
        raise OSError(errno.EBUSY, f"seccomp: thread {result} could not be synchronised to the filter")


def program_descriptor() -> int:
    """A new non-inheritable file descriptor at offset 0 holding filter_program(), for bwrap --seccomp FD."""
    try:
        descriptor = os.memfd_create("seccomp-filter")
    except (AttributeError, OSError):  # no memfd_create (old kernel or Python build): an unlinked temp file
        descriptor, path = tempfile.mkstemp(prefix="seccomp-filter-")
        os.unlink(path)
    with open(descriptor, "wb", closefd=False) as file:
        file.write(filter_program())
    os.lseek(descriptor, 0, os.SEEK_SET)
    return descriptor
