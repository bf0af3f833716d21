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
import time
from pathlib import Path

import psutil
import pytest
from course_testing import sandbox_or_skip
from sample_class.build import make_course, make_notebook

from autograder.course.context import CourseContext
from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.course.state import status_file as load_status
from autograder.sandbox import policy as sandbox
from autograder.sandbox import template as kernel_template

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[3]
ASSIGNMENT = "ch01_handmade_qkv"
SECRET = "instructor-secret-7f3a9c"  # exported to the grading command's environment
HONEST_MARKER = "honest-work-of-a01-5d1e"  # a comment inside an honest student's notebook
SOURCE_MARKER = "instructor-notes-2b8e41"  # in a file under source/ that no kernel may read
HIDDEN_LINE = "importlib.reload(helpers.grading).check_dot_scores(dot_scores)"  # a hidden test's line
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
        children.append(subprocess.Popen(["sleep", "300"]))
except OSError as error:
    print("process limit after", len(children), type(error).__name__)
for child in children:
    child.kill()
    child.wait()
for _ in range(3):
    subprocess.Popen(["sleep", "300"])
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
        held.append(subprocess.Popen(["sleep", "300"]))
    except OSError:
        break
""",
    "m07_leak": """
get_ipython().events.register("post_run_cell", lambda result: print(result.info.raw_cell))
""",
}


def _write(course: Path, student: str, notebook: dict) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")


def _class(course: Path, attackers: bool, port: int) -> None:
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    for student, kind in HONEST.items():
        notebook = make_notebook(kind, source, release)
        if student == "a01_honest":
            _prepend(notebook, f"# {HONEST_MARKER}")
        _write(course, student, notebook)
    if not attackers:
        return
    for student, attack in ATTACKS.items():
        notebook = make_notebook("correct", source, release)
        _prepend(notebook, attack.format(course=course, repo=REPO, assignment=ASSIGNMENT, port=port))
        _write(course, student, notebook)


def _prepend(notebook: dict, code: str) -> None:
    """Put `code` in front of the notebook's first solution cell."""
    first = next(cell for cell in notebook["cells"] if nbgrader_metadata(cell).get("solution"))
    first["source"] = code + "\n\n" + cell_source(first)


def _grade(course: Path, mechanism: str = "template", jobs: int = 2) -> subprocess.CompletedProcess:
    environment = dict(os.environ, COURSE_SECRET=SECRET)
    forked = f"SandboxedExecute.fork_from_template={mechanism == 'template'}"
    return subprocess.run([sys.executable, "-m", "autograder", "grade", ASSIGNMENT, "--root", str(course),
                           "--jobs", str(jobs), "--set", "Execute.timeout=60", "--set", forked],
                          capture_output=True, text=True, timeout=900, cwd=REPO, env=environment)


def _scores(course: Path) -> dict[str, float]:
    with CourseContext(course).gradebook() as gradebook:
        return {submission.student_id: submission.score
                for submission in gradebook.find_assignment(ASSIGNMENT).submissions}


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


def _leftovers() -> list[str]:
    """What is still there after a grace period: a kernel of a grading run elsewhere on the machine that
    is shutting down at the first look (its IPC folder already gone) has ended by the second."""
    first = _leftover_scan()
    time.sleep(3)
    return [process for process in _leftover_scan() if process in first]


def _ipc_folder(pid: int, arguments: list[str]) -> Path | None:
    """The IPC folder a sandboxed kernel talks through: its connection file's folder (a kernel bubblewrap
    started) or the folder bound into its mount namespace (a kernel forked from the template, whose command
    line is the template's); None when it has neither."""
    if "-f" in arguments[:-1]:
        return Path(arguments[arguments.index("-f") + 1]).parent
    try:
        mounts = Path(f"/proc/{pid}/mountinfo").read_text()
    except OSError:
        return None
    points = [line.split()[4] for line in mounts.splitlines() if len(line.split()) > 4]
    return next((Path(point) for point in points if Path(point).name.startswith("cg-")), None)


def _leftover_scan() -> list[str]:
    """Processes the attackers started, and sandboxed kernels whose grading is over (their IPC folder is
    gone); kernels of grading still under way elsewhere on the machine keep theirs."""
    found = []
    for process in psutil.process_iter(["uids", "cmdline"]):
        try:
            uid = process.info["uids"].real if process.info["uids"] else None
            arguments = process.info["cmdline"] or []
        except psutil.Error:
            continue
        sandboxed = uid is not None and sandbox.UID_BASE <= uid < sandbox.UID_BASE + 1000
        folder = _ipc_folder(process.pid, arguments)
        finished = sandboxed and (folder is None or not folder.exists())
        if finished or arguments == ["sleep", "300"]:
            found.append(f"{process.pid} uid={uid} {' '.join(arguments)}")
    return found


# Both ways of starting a sandboxed kernel face the same attacks: forked from the kernel template (the
# default as root) and started by bubblewrap (elsewhere, or with fork_from_template=False).
@pytest.fixture(scope="module", params=["template", "bwrap"])
def red_team(tmp_path_factory, request):
    sandbox_or_skip()
    if request.param == "template" and not kernel_template.available():
        pytest.skip("kernels are forked from the template only as root on Linux")
    listener = _Listener()
    watched = [REPO / "helpers", REPO / "notebooks", REPO / "source", REPO / "autograder"]
    before, venv_before = _tree_digest(*watched), _site_packages_listing()
    honest_course = make_course(tmp_path_factory.mktemp("honest"), [ASSIGNMENT])
    _class(honest_course, attackers=False, port=listener.port)
    honest_run = _grade(honest_course, request.param)
    course = make_course(tmp_path_factory.mktemp("attacked"), [ASSIGNMENT])
    (course / "source" / ASSIGNMENT / "notes.txt").write_text(SOURCE_MARKER, encoding="utf-8")
    _class(course, attackers=True, port=listener.port)
    submitted_before = _tree_digest(course / "submitted")
    attacked_run = _grade(course, request.param)
    feedback = subprocess.run([sys.executable, "-m", "autograder", "feedback", ASSIGNMENT, "--root", str(course)],
                              capture_output=True, text=True, timeout=600, cwd=REPO)
    listener.close()
    yield {"honest": honest_course, "course": course, "honest_run": honest_run, "run": attacked_run,
           "feedback": feedback, "listener": listener, "before": before, "after": _tree_digest(*watched),
           "venv_before": venv_before, "venv_after": _site_packages_listing(), "leftovers": _leftovers(),
           "submitted_before": submitted_before, "submitted_after": _tree_digest(course / "submitted")}


def _outputs(course: Path, student: str) -> str:
    notebook = read_notebook(course / "autograded" / student / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    return json.dumps([cell.get("outputs", []) for cell in notebook.cells], ensure_ascii=False)


def test_honest_students_score_as_they_do_in_a_class_without_attackers(red_team):
    alone, attacked = _scores(red_team["honest"]), _scores(red_team["course"])
    assert alone and {student: attacked.get(student) for student in alone} == alone, red_team["run"].stdout
    assert alone["a01_honest"] == alone["z01_honest"] == 10.0


def test_every_attacker_is_graded_or_fails_alone_with_a_korean_reason(red_team):
    status = load_status(CourseContext(red_team["course"]), ASSIGNMENT)
    for student in ATTACKS:
        entry = status[student]
        assert entry["outcome"] == "graded" or HANGUL.search(entry["reason"]), (student, entry)
    assert status["m04_processes"]["outcome"] == "graded", status["m04_processes"]


def test_the_course_the_package_and_the_virtual_environment_are_unchanged(red_team):
    assert red_team["after"] == red_team["before"]
    assert red_team["venv_after"] == red_team["venv_before"]


def test_submissions_are_evidence_nobody_rewrites_them(red_team):
    assert red_team["submitted_after"] == red_team["submitted_before"]


def test_nothing_an_attacker_started_outlives_grading(red_team):
    assert red_team["leftovers"] == []


def test_no_byte_reaches_a_loopback_listener(red_team):
    assert red_team["listener"].connections == 0 and red_team["listener"].received == b""


def test_no_attacker_reads_source_other_students_or_the_instructors_environment(red_team):
    for student in ATTACKS:
        if not (red_team["course"] / "autograded" / student).is_dir():
            continue  # failed alone (the fork bomb): nothing it printed is kept
        outputs = _outputs(red_team["course"], student)
        for marker in (SECRET, HONEST_MARKER, SOURCE_MARKER):
            assert marker not in outputs, (student, marker)
    assert "ENV" in _outputs(red_team["course"], "m02_reader")  # the reader did run


def test_limits_turn_runaways_into_errors_inside_the_sandbox(red_team):
    processes, disk = _outputs(red_team["course"], "m04_processes"), _outputs(red_team["course"], "m05_disk")
    assert "process limit after" in processes
    assert "disk limit /tmp/big" in disk and "WROTE 2 GiB" not in disk
    ctypes_out = _outputs(red_team["course"], "m06_ctypes")
    assert "uid 61" in ctypes_out


def test_feedback_hands_back_no_hidden_test_even_when_a_hook_printed_it(red_team):
    """The hook prints every cell the kernel runs: the hidden test is not among them (the grading checker runs
    it outside the kernel), so neither the autograded notebook nor the feedback can hold it."""
    assert red_team["feedback"].returncode == 0, red_team["feedback"].stderr
    printed = _outputs(red_team["course"], "m07_leak")
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
    sandbox_or_skip()
    if mechanism == "template" and not kernel_template.available():
        pytest.skip("kernels are forked from the template only as root on Linux")
    course = make_course(tmp_path, [ASSIGNMENT])
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    for student, code in (("b01_planter", PLANT + PROBE), ("b02_next", PROBE), ("b03_after", PROBE)):
        notebook = make_notebook("correct", source, release)
        _prepend(notebook, code)
        _write(course, student, notebook)
    run = _grade(course, mechanism, jobs=1)  # one worker grades all three, in this order
    assert run.returncode == 0, run.stdout + run.stderr
    planted = "TRACES [True, True, True, True, True, True]"
    assert planted in _outputs(course, "b01_planter")  # the changes were made
    for student in ("b02_next", "b03_after"):
        outputs = _outputs(course, student)
        assert "TRACES [False, False, False, False, False, False]" in outputs, outputs
        assert ("autograder.sandbox.template" in outputs) == (mechanism == "template")  # the kernel was forked
    assert _scores(course) == {"b01_planter": 10.0, "b02_next": 10.0, "b03_after": 10.0}


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
    sandbox_or_skip()
    if not kernel_template.available():
        pytest.skip("kernels are forked from the template only as root on Linux")
    stored = {}
    for mechanism in ("template", "bwrap"):
        course = make_course(tmp_path / mechanism, [ASSIGNMENT])
        source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
        release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
        notebook = make_notebook("correct", source, release)
        _prepend(notebook, FLOOD)
        _write(course, "f01_flood", notebook)
        run = _grade(course, mechanism, jobs=1)
        assert run.returncode == 0, run.stdout + run.stderr
        assert _scores(course) == {"f01_flood": 10.0}
        stored[mechanism] = json.loads(_outputs(course, "f01_flood"))
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
