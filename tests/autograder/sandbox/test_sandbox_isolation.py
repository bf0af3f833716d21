"""The red team of issue 27: what must not pass from a sandbox to the host or to the next submission, and limits
that hold for all of a sandbox's processes together.

Every probe runs twice per submission: in the student's kernel (a threaded process) and in a single-threaded child
process the kernel starts (``python -c``), since some calls (``unshare(CLONE_NEWUSER)``) fail in a threaded process
anyway. Each prints ``RESULT <probe> <kernel|child> <blocked|BREACH> <detail>``. The class is graded in both
sandbox paths (kernels forked from the template; kernels started by bubblewrap), next to honest students whose
scores must equal those of the same students graded alone.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from red_team import ASSIGNMENT, grade, graded_notebook, leftovers, sandbox_mechanism_or_skip, scores, stored_outputs
from red_team import write_submission as write
from sample_class.build import make_course

from autograder.course.context import CourseContext
from autograder.course.state import status_file as load_status
from autograder.sandbox import cgroups

pytestmark = pytest.mark.slow

HIDDEN_LINE = "importlib.reload(helpers.grading).check_dot_scores(dot_scores)"

# Runs PROBE (the text of one probe) in the kernel and in a single-threaded child process; the child gets the
# kernel's IPC folder and the course path as constants, the way a student's script could find them.
HARNESS = '''
import os, subprocess, sys, traceback
from ipykernel.kernelapp import IPKernelApp
_app = IPKernelApp.instance()
PRELUDE = (f"IPC = {{os.path.dirname(_app.connection_file)!r}}\\nSOCKET = {{_app.ip + '-' + str(_app.shell_port)!r}}\\n"
           f"COURSE = {course!r}\\n")
print("IPC_FOLDER", os.path.dirname(_app.connection_file))
try:
    exec(compile(PRELUDE + "WHERE = 'kernel'\\n" + PROBE, "probe", "exec"), {{}})
except BaseException:
    traceback.print_exc(file=sys.stdout)
child = subprocess.run([sys.executable, "-c", PRELUDE + "WHERE = 'child'\\n" + PROBE], capture_output=True,
                       text=True, timeout=120)
print(child.stdout, child.stderr[-2000:])
'''

COMMON = '''
import ctypes, errno, os, platform
libc = ctypes.CDLL(None, use_errno=True)
NUMBERS = {"x86_64": {"add_key": 248, "keyctl": 250, "clone": 56, "process_vm_readv": 310},
           "aarch64": {"add_key": 217, "keyctl": 219, "clone": 220, "process_vm_readv": 270}}[platform.machine()]
def report(probe, ok, detail):
    print("RESULT", probe, WHERE, "blocked" if ok else "BREACH", detail)
def failed(result):
    return result == -1 and ctypes.get_errno() in (errno.EPERM, errno.EACCES, errno.ENOSYS, errno.EINVAL)
'''

PROBES = {
    # a key added world-readable outlived grading and was read by later submissions of other uids
    "keyring": '''
added = libc.syscall(NUMBERS["add_key"], b"user", b"course-note", b"note", 4, ctypes.c_int(-3))
report("keyring", failed(added), (added, os.strerror(ctypes.get_errno())))
''',
    # `unshare -Urnm` gave the student root over new namespaces (mounts, network devices)
    "userns": '''
import subprocess
unshared = libc.unshare(0x10000000)
cloned = libc.syscall(NUMBERS["clone"], 0x10000000 | 17, 0, 0, 0, 0)
if cloned == 0:
    os._exit(0)
tool = subprocess.run(["unshare", "-Urnm", "id", "-u"], capture_output=True, text=True)
report("userns", unshared == -1 and cloned == -1 and tool.returncode != 0,
       (unshared, cloned, tool.returncode, tool.stdout.strip()))
''',
    # a forked kernel held descriptors to the worker's log: a later submission reopened it through /proc/self/fd
    "descriptors": '''
held = []
for process in ("self", "1"):
    try:
        names = os.listdir(f"/proc/{process}/fd")
    except OSError:
        continue
    for name in names:
        try:
            target = os.readlink(f"/proc/{process}/fd/{name}")
        except OSError:
            continue
        if target.startswith("/") and (COURSE in target or ".autograder" in target or target.endswith(".log")):
            held.append(target)
report("descriptors", not held, held)
''',
    # the IPC folder: written past any cap, left behind, and a symlink in it steered the root worker
    "ipc": '''
tries = {}
def attempt(name, action):
    try:
        action()
        tries[name] = "done"
    except OSError as error:
        tries[name] = type(error).__name__
attempt("write", lambda: open(os.path.join(IPC, "big"), "wb").write(b"x" * 2**20))
attempt("symlink", lambda: os.symlink("/run", os.path.join(IPC, "k-evil")))
attempt("replace", lambda: os.replace(SOCKET, os.path.join(IPC, "moved")))
attempt("remove", lambda: os.unlink(SOCKET))
attempt("connection_file", lambda: open(os.path.join(IPC, "kernel.json"), "a").write(" "))
attempt("chmod", lambda: os.chmod(IPC, 0o777))
report("ipc", os.path.exists(SOCKET) and all(result != "done" for result in tries.values()), tries)
''',
    # where the course lives, read from the mount table
    "mountinfo": '''
table = open("/proc/self/mountinfo").read()
report("mountinfo", COURSE not in table, [line for line in table.splitlines() if COURSE in line][:2])
''',
    # privileges through prctl: capabilities kept or raised, no_new_privs dropped, no seccomp filter
    "prctl": '''
status = dict(line.split(":\\t", 1) for line in open("/proc/self/status").read().splitlines() if ":\\t" in line)
raised = libc.prctl(47, 2, 21, 0, 0)  # PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_SYS_ADMIN
no_new_privs = libc.prctl(39, 0, 0, 0, 0)  # PR_GET_NO_NEW_PRIVS
dumpable = libc.prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE: harmless alone; ptrace stays refused below
report("prctl", int(status["CapBnd"], 16) == 0 and int(status["CapEff"], 16) == 0 and raised == -1
       and no_new_privs == 1 and status["Seccomp"].strip() == "2",
       (status["CapBnd"].strip(), raised, no_new_privs, status["Seccomp"].strip(), dumpable))
''',
    # raw sockets (packet capture, crafted packets)
    "raw_sockets": '''
import socket
opened = []
for family, kind, protocol in ((socket.AF_PACKET, socket.SOCK_RAW, 0), (socket.AF_INET, socket.SOCK_RAW, 1)):
    try:
        socket.socket(family, kind, protocol).close()
        opened.append((family, kind))
    except OSError:
        pass
report("raw_sockets", not opened, opened)
''',
    # reading or steering the sandbox's first process (the template's init runs as the student's uid)
    "ptrace": '''
attached = libc.ptrace(16, 1, 0, 0)  # PTRACE_ATTACH to pid 1
buffer = ctypes.create_string_buffer(8)
local = (ctypes.c_void_p * 2)(ctypes.addressof(buffer), 8)
remote = (ctypes.c_void_p * 2)(0x400000, 8)
read = libc.syscall(NUMBERS["process_vm_readv"], 1, local, 1, remote, 1, 0)
try:
    open("/proc/1/mem", "rb").close()
    memory = "opened"
except OSError as error:
    memory = type(error).__name__
report("ptrace", attached == -1 and read == -1 and memory != "opened", (attached, read, memory))
''',
}

# a process that hides from its kernel's end: a new session, every signal it can ignored, a timer; the test looks for
# it after grading
OUTLIVER = '''
import signal, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        null = os.open("/dev/null", os.O_RDWR)
        for descriptor in (0, 1, 2):
            os.dup2(null, descriptor)
        for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(number, signal.SIG_IGN)
        signal.setitimer(signal.ITIMER_REAL, 600)
        time.sleep(600)
    os._exit(0)
'''

# the memory all of a sandbox's processes hold together: four children of 1.7 GiB against 6 GiB
MEMORY = '''
import subprocess, sys
hog = "import time; data = b'x' * int(1.7 * 2**30); time.sleep(30)"
children = [subprocess.Popen([sys.executable, "-c", hog]) for _ in range(4)]
print("MEMORY children exited", [child.wait() for child in children])
'''

# a hook that prints every cell the kernel runs, as it is and base64-encoded
LEAK = '''
import base64
def _leak(result):
    print(result.info.raw_cell)
    print("B64", base64.b64encode(result.info.raw_cell.encode()).decode())
get_ipython().events.register("post_run_cell", _leak)
'''

# output the worker must bound in bytes as it arrives: 100 MB without a newline, 50 MB of display_data
FLOOD = '''
import sys
from IPython.display import publish_display_data
for _ in range(100):
    sys.stdout.write("x" * 10**6)
for _ in range(50):
    publish_display_data({"text/plain": "y" * 10**6})
'''
STORED_AT_MOST = 9 * 2**20  # the outputs' 8 MiB budget, a notice per cell, the notebook itself and the verdicts

HONEST = {"a01_honest": "correct", "a02_partly": "partly", "z01_honest": "correct"}


def _attacks(course: Path) -> dict[str, str]:
    probe = COMMON + "".join(PROBES.values()) + OUTLIVER
    harness = f"PROBE = {probe!r}\n" + HARNESS.format(course=str(course))
    return {"i01_probes": harness, "i02_memory": MEMORY, "i03_leak": LEAK, "i04_flood": FLOOD}


@pytest.fixture(scope="module", params=["template", "bwrap"])
def attacked(tmp_path_factory, request):
    sandbox_mechanism_or_skip(request.param)
    alone = make_course(tmp_path_factory.mktemp("alone"), [ASSIGNMENT])
    course = make_course(tmp_path_factory.mktemp("isolation"), [ASSIGNMENT])
    for folder in (alone, course):
        for student, kind in HONEST.items():
            write(folder, student, graded_notebook(folder, kind))
    for student, code in _attacks(course).items():
        write(course, student, graded_notebook(course, "correct", code))
    alone_run, run = grade(alone, request.param), grade(course, request.param)
    feedback = subprocess.run([sys.executable, "-m", "autograder", "feedback", ASSIGNMENT, "--root", str(course)],
                              capture_output=True, text=True, timeout=600)
    return {"alone": alone, "course": course, "run": run, "alone_run": alone_run, "feedback": feedback,
            "leftovers": leftovers(), "status": load_status(CourseContext(course), ASSIGNMENT)}


def _results(attacked) -> dict[tuple[str, str], str]:
    cells = json.loads(stored_outputs(attacked["course"], "i01_probes"))
    text = "".join("".join(output.get("text", "")) for outputs in cells for output in outputs
                   if output.get("output_type") == "stream")
    results = {}
    for line in text.splitlines():
        if line.startswith("RESULT "):
            _, probe, where, _ = line.split(maxsplit=3)
            results[probe, where] = line
    return results


def test_honest_students_score_as_they_do_alone(attacked):
    alone = scores(attacked["alone"])
    assert alone and {student: scores(attacked["course"]).get(student) for student in alone} == alone
    assert alone["a01_honest"] == 10.0


@pytest.mark.parametrize("probe", list(PROBES))
@pytest.mark.parametrize("where", ["kernel", "child"])
def test_every_probe_is_blocked_in_the_kernel_and_in_a_single_threaded_child(attacked, probe, where):
    assert attacked["status"]["i01_probes"]["outcome"] == "graded", attacked["status"]["i01_probes"]
    line = _results(attacked).get((probe, where))
    assert line is not None and line.split()[3] == "blocked", (probe, where, line)


def test_the_ipc_folder_is_gone_after_grading(attacked):
    text = stored_outputs(attacked["course"], "i01_probes")
    folders = re.findall(r"IPC_FOLDER (\S+?)(?:\\n|\s|\")", text)
    assert folders and not any(Path(folder).exists() for folder in folders), folders


def test_nothing_the_attackers_started_outlives_grading(attacked):
    assert attacked["leftovers"] == []


def test_memory_is_limited_for_all_processes_together_and_the_reason_is_korean(attacked):
    entry = attacked["status"]["i02_memory"]
    if cgroups.find_hierarchy() is None:
        pytest.skip("no control group can be made here: memory is limited per process only")
    assert entry["outcome"] == "failed" and "메모리 한도" in entry["reason"], entry


def test_feedback_carries_no_hidden_test_even_encoded(attacked):
    assert attacked["feedback"].returncode == 0, attacked["feedback"].stderr
    html = (attacked["course"] / "feedback" / "i03_leak" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    encoded = re.findall(r"B64 ([A-Za-z0-9+/=]+)", html)
    assert encoded  # the hook did run and print
    decoded = "".join(base64.b64decode(token).decode(errors="replace") for token in encoded)
    assert "check_example(" in decoded and HIDDEN_LINE not in decoded and HIDDEN_LINE not in html


def test_a_flood_of_output_is_stored_bounded_in_bytes_and_the_cut_is_said_in_korean(attacked):
    assert attacked["status"]["i04_flood"]["outcome"] == "graded", attacked["status"]["i04_flood"]
    graded = attacked["course"] / "autograded" / "i04_flood" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert graded.stat().st_size < STORED_AT_MOST, graded.stat().st_size
    assert "[출력 제한]" in stored_outputs(attacked["course"], "i04_flood")
    assert scores(attacked["course"])["i04_flood"] == 10.0
