"""The seccomp filter of the grading sandbox: what it refuses, what a kernel still does under it, and the two
ways it is loaded (install() in a forked kernel, bubblewrap's --seccomp FD).

Every check runs in a fresh Python process (no controlling terminal), so the test process is never filtered.
Each probe of a system call runs in a child forked for it, so what it does when allowed (a new namespace, a
tracer) stays there.
"""

from __future__ import annotations

import errno
import json
import os
import platform
import signal
import subprocess
import sys
from glob import glob
from pathlib import Path

import pytest
from course_testing import sandbox_or_skip

from autograder.sandbox import seccomp
from helpers.paths import ROOT

pytestmark = [
    pytest.mark.skipif(platform.machine() not in seccomp.SECCOMP_SYSCALL,
                       reason="the seccomp filter is built for Linux on x86_64 and aarch64"),
    pytest.mark.skipif(not glob("/usr/lib/*/libseccomp.so.2"),
                       reason="libseccomp2 is not installed (`sudo apt-get install libseccomp2`)"),
]

SIGCHLD = 17

# Defines, in the child: ARGS (its JSON argument), install_filter(), and errno_of / in_fork to make a system call
# by name (0 when it succeeds, else its errno); numbers come from libseccomp, so they are this machine's.
PRELUDE = '''
import ctypes, json, os, sys, threading
import pyseccomp
from autograder.sandbox import seccomp

ARGS = json.loads(sys.argv[1])
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

def install_filter():
    seccomp.install(seccomp.filter_program())

def number(name):
    return pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)

def errno_of(name, *args):
    result = libc.syscall(ctypes.c_long(number(name)), *(ctypes.c_long(arg) for arg in args))
    return 0 if result >= 0 else ctypes.get_errno()

def in_fork(name, *args):
    pid = os.fork()
    if pid == 0:
        os._exit(errno_of(name, *args))
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])

def probe_all():
    return {label: in_fork(name, *args) for label, (name, args) in ARGS["probes"].items() if number(name) >= 0}
'''

CLONE_FLAGS = {"CLONE_NEWUSER": 0x10000000, "CLONE_NEWNS": 0x00020000, "CLONE_NEWPID": 0x20000000,
               "CLONE_NEWNET": 0x40000000, "CLONE_NEWIPC": 0x08000000, "CLONE_NEWUTS": 0x04000000,
               "CLONE_NEWCGROUP": 0x02000000, "CLONE_NEWTIME": 0x80}
# label: (system call, arguments); the arguments make each call harmless where it is allowed (bad addresses,
# bad descriptors, a wrong magic number, a size query), or its effect ends with the forked child.
PROBES = {
    "add_key": ("add_key", [0, 0, 0, 0, -2]),
    "keyctl": ("keyctl", [0, -2, 1]),  # KEYCTL_GET_KEYRING_ID of the process keyring, created
    "request_key": ("request_key", [0, 0, 0, 0]),
    "unshare CLONE_NEWUSER": ("unshare", [0x10000000]),
    "unshare CLONE_NEWNS": ("unshare", [0x00020000]),
    "setns": ("setns", [-1, 0]),
    **{f"clone {flag}": ("clone", [value | SIGCHLD, 0, 0, 0, 0]) for flag, value in CLONE_FLAGS.items()},
    "ptrace PTRACE_TRACEME": ("ptrace", [0, 0, 0, 0]),
    "process_vm_readv": ("process_vm_readv", [0, 0, 0, 0, 0, 0]),
    "process_vm_writev": ("process_vm_writev", [0, 0, 0, 0, 0, 0]),
    "kcmp": ("kcmp", [0, 0, 0, 0, 0]),
    "bpf": ("bpf", [0, 0, 0]),
    "perf_event_open": ("perf_event_open", [0, 0, -1, -1, 0]),
    "userfaultfd": ("userfaultfd", [0]),
    "io_uring_setup": ("io_uring_setup", [0, 0]),
    "io_uring_enter": ("io_uring_enter", [-1, 0, 0, 0, 0, 0]),
    "io_uring_register": ("io_uring_register", [-1, 0, 0, 0]),
    "open_by_handle_at": ("open_by_handle_at", [-1, 0, 0]),
    "name_to_handle_at": ("name_to_handle_at", [-1, 0, 0, 0, 0]),
    "mount": ("mount", [0, 0, 0, 0, 0]),
    "umount2": ("umount2", [0, 0]),
    "pivot_root": ("pivot_root", [0, 0]),
    "chroot": ("chroot", [0]),
    "move_mount": ("move_mount", [-1, 0, -1, 0, 0]),
    "open_tree": ("open_tree", [-1, 0, 0]),
    "fsopen": ("fsopen", [0, 0]),
    "fsconfig": ("fsconfig", [-1, 0, 0, 0, 0]),
    "fsmount": ("fsmount", [-1, 0, 0]),
    "fspick": ("fspick", [-1, 0, 0]),
    "mount_setattr": ("mount_setattr", [-1, 0, 0, 0, 0]),
    "init_module": ("init_module", [0, 0, 0]),
    "finit_module": ("finit_module", [-1, 0, 0]),
    "delete_module": ("delete_module", [0, 0]),
    "kexec_load": ("kexec_load", [0, 0, 0, 0xFFFF0000]),
    "kexec_file_load": ("kexec_file_load", [-1, -1, 0, 0, 0xFFFF0000]),
    "reboot": ("reboot", [0, 0, 0, 0]),  # not the magic numbers
    "swapon": ("swapon", [0, 0]),
    "swapoff": ("swapoff", [0]),
    "acct": ("acct", [1]),  # a bad address: acct(NULL) would switch accounting off
    "syslog": ("syslog", [10, 0, 0]),  # SYSLOG_ACTION_SIZE_BUFFER
    "quotactl": ("quotactl", [0, 0, 0, 0]),
    "lookup_dcookie": ("lookup_dcookie", [0, 0, 0]),
    "vhangup": ("vhangup", []),  # the child has no controlling terminal
    "iopl": ("iopl", [0]),
    "ioperm": ("ioperm", [0, 0, 0]),
    "settimeofday": ("settimeofday", [0, 0]),  # neither time nor zone: changes nothing
    "clock_settime": ("clock_settime", [0, 0]),
    "clock_adjtime": ("clock_adjtime", [0, 0]),
    "adjtimex": ("adjtimex", [0]),
    "nfsservctl": ("nfsservctl", [0, 0, 0]),
    "ioctl TIOCSTI": ("ioctl", [-1, 0x5412, 0]),
    "ioctl TIOCLINUX": ("ioctl", [-1, 0x541C, 0]),
    "ioctl TIOCSTI with upper bits set": ("ioctl", [-1, 0x1_0000_5412, 0]),
    "socket AF_PACKET": ("socket", [17, 3, 0]),
    "socket AF_PACKET with upper bits set": ("socket", [0x1_0000_0011, 3, 0]),
    "socket AF_KEY": ("socket", [15, 3, 2]),
    "socket AF_ALG": ("socket", [38, 5, 0]),
    "socket AF_VSOCK": ("socket", [40, 1, 0]),
    "clone3": ("clone3", [0, 0]),
}


def refusals(labels) -> dict[str, int]:
    """What the filter answers each probe: ENOSYS for clone3 (so that glibc falls back to clone), else EPERM."""
    return {label: errno.ENOSYS if label == "clone3" else errno.EPERM for label in labels}


def run_python(body: str, arguments: dict | None = None, prefix: tuple[str, ...] = (),
               pass_fds: tuple[int, ...] = ()) -> subprocess.CompletedProcess:
    """PRELUDE + body in a fresh Python process in its own session (optionally under `prefix`, e.g. bwrap)."""
    return subprocess.run([*prefix, sys.executable, "-c", PRELUDE + body, json.dumps(arguments or {})],
                          capture_output=True, text=True, timeout=120, start_new_session=True, cwd=ROOT,
                          pass_fds=pass_fds)


def child_json(body: str, arguments: dict | None = None, **options):
    """What PRELUDE + body prints as JSON in a fresh Python process, which must succeed."""
    completed = run_python(body, arguments, **options)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


# ---------------------------------------------------------------- what the filter refuses
PROBE_IN_MAIN_THREAD = '''
install_filter()
print(json.dumps(probe_all()))
'''

# A thread started before install() makes the calls: TSYNC gave it the filter too; idle threads wait alongside.
PROBE_IN_EARLIER_THREAD = '''
results, go, stop = {}, threading.Event(), threading.Event()
def probe_when_told():
    go.wait()
    results.update(probe_all())
threads = [threading.Thread(target=probe_when_told), *(threading.Thread(target=stop.wait) for _ in range(3))]
for thread in threads:
    thread.start()
install_filter()
go.set()
threads[0].join()
stop.set()
print(json.dumps(results))
'''


@pytest.mark.parametrize("body", [PROBE_IN_MAIN_THREAD, PROBE_IN_EARLIER_THREAD],
                         ids=["single-threaded", "thread-started-before-install"])
def test_every_denied_call_is_refused_under_the_filter(body):
    results = child_json(body, {"probes": PROBES})
    assert results == refusals(results)
    assert {"keyctl", "mount", "unshare CLONE_NEWUSER", "clone CLONE_NEWUSER", "clone3"} <= results.keys()


@pytest.mark.skipif(os.geteuid() != 0, reason="unprivileged, the kernel itself refuses most of these with EPERM")
def test_without_the_filter_the_same_calls_are_not_refused():
    """So the refusals above are the filter's: as root, none of the probes gets the filter's answer."""
    results = child_json("print(json.dumps(probe_all()))", {"probes": PROBES})
    assert results.keys() == PROBES.keys()
    assert not {label: code for label, code in results.items() if code == refusals([label])[label]}
    assert results["unshare CLONE_NEWUSER"] == results["keyctl"] == results["socket AF_PACKET"] == 0


@pytest.mark.skipif(platform.machine() != "x86_64", reason="i386 and x32 are x86_64's foreign ABIs")
@pytest.mark.parametrize("abi", ["i386", "x32"])
def test_a_foreign_abi_call_kills_the_process(abi):
    body = '''
import mmap
install_filter()
if ARGS["abi"] == "x32":
    libc.syscall(ctypes.c_long(0x40000000 | 39))  # x32 getpid
else:
    memory = mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
    memory.write(bytes.fromhex("b814000000cd80c3"))  # mov eax, 20 (i386 getpid); int 0x80; ret
    ctypes.CFUNCTYPE(ctypes.c_int)(ctypes.addressof(ctypes.c_char.from_buffer(memory)))()
print("survived")
'''
    completed = run_python(body, {"abi": abi})
    assert completed.returncode == -signal.SIGSYS, (completed.stdout, completed.stderr)


def test_install_refuses_a_malformed_program_with_a_clear_error():
    body = '''
try:
    seccomp.install(bytes(8))  # one instruction, and it is not a return
    print(json.dumps("installed"))
except OSError as error:
    print(json.dumps(str(error)))
'''
    assert "seccomp: loading the filter failed" in child_json(body)


# ---------------------------------------------------------------- what a kernel still does under it
def test_threads_fork_and_subprocesses_still_work_under_the_filter():
    body = '''
import subprocess
install_filter()
seen = []
threads = [threading.Thread(target=seen.append, args=(index,)) for index in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
pid = os.fork()
if pid == 0:
    os._exit(7)
print(json.dumps({
    "threads": sorted(seen),
    "fork": os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]),
    "true": subprocess.run(["true"]).returncode,
    "python": subprocess.run([sys.executable, "-c", "print(1)"], capture_output=True, text=True).stdout,
}))
'''
    assert child_json(body) == {"threads": [0, 1, 2, 3], "fork": 7, "true": 0, "python": "1\n"}


def test_numpy_and_torch_still_compute_under_the_filter():
    body = '''
install_filter()
import numpy as np
import torch
torch.set_num_threads(2)
total = (torch.randn(256, 256) @ torch.randn(256, 256)).sum()
print(json.dumps({"numpy": (np.arange(6).reshape(2, 3) @ np.ones(3)).tolist(),
                  "torch": bool(torch.isfinite(total)), "torch threads": torch.get_num_threads()}))
'''
    assert child_json(body) == {"numpy": [3.0, 12.0], "torch": True, "torch threads": 2}


def test_unix_loopback_and_netlink_sockets_work_packet_sockets_do_not():
    body = '''
import errno, socket
install_filter()
left, right = socket.socketpair(socket.AF_UNIX)
left.sendall(b"u")
server = socket.create_server(("127.0.0.1", 0))
client = socket.create_connection(server.getsockname())
connection, _ = server.accept()
client.sendall(b"i")
socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, socket.NETLINK_ROUTE).close()
try:
    socket.socket(socket.AF_PACKET, socket.SOCK_RAW).close()
    packet = "opened"
except OSError as error:
    packet = errno.errorcode[error.errno]
print(json.dumps({"unix": right.recv(1).decode(), "loopback": connection.recv(1).decode(), "packet": packet}))
'''
    assert child_json(body) == {"unix": "u", "loopback": "i", "packet": "EPERM"}


# ---------------------------------------------------------------- the program and bubblewrap's descriptor
def test_program_descriptor_holds_exactly_the_program_and_is_not_inherited():
    descriptor = seccomp.program_descriptor()
    try:
        assert not os.get_inheritable(descriptor)
        with os.fdopen(os.dup(descriptor), "rb") as file:
            assert file.read() == seccomp.filter_program()
    finally:
        os.close(descriptor)
    assert len(seccomp.filter_program()) % seccomp.INSTRUCTION_BYTES == 0


def test_bubblewrap_applies_the_filter_from_the_descriptor():
    sandbox_or_skip()
    body = '''
status = dict(line.split(":\\t") for line in open("/proc/self/status").read().splitlines() if ":\\t" in line)
print(json.dumps({"keyctl": errno_of("keyctl", 0, -2, 1), "seccomp": status["Seccomp"]}))
'''
    # a fresh /tmp, then the repository and the Python installation again on top (a CI clone lives under /tmp)
    rebound = {str(path) for path in (ROOT, Path(sys.prefix), Path(sys.base_prefix)) if str(path).startswith("/tmp/")}
    bwrap = ("bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--tmpfs", "/tmp",
             *(argument for path in sorted(rebound) for argument in ("--ro-bind", path, path)))
    descriptor = seccomp.program_descriptor()
    try:
        filtered = child_json(body, prefix=(*bwrap, "--seccomp", str(descriptor), "--"), pass_fds=(descriptor,))
    finally:
        os.close(descriptor)
    unfiltered = child_json(body, prefix=(*bwrap, "--"))
    assert filtered == {"keyctl": errno.EPERM, "seccomp": "2"}
    assert unfiltered == {"keyctl": 0, "seccomp": "0"}


def test_grading_stops_before_it_starts_with_the_install_line_when_libseccomp_is_missing(monkeypatch):
    from autograder.sandbox import policy

    if policy.bwrap() is None or not sys.platform.startswith("linux"):
        pytest.skip("bubblewrap is checked first: without it the bubblewrap line is given")

    def missing_library():
        raise RuntimeError("Unable to find libseccomp")

    monkeypatch.setattr(seccomp, "filter_program", missing_library)
    reason = policy.unavailable_reason()
    assert reason is not None and "apt-get install libseccomp2" in reason and "Unable to find libseccomp" in reason
