"""The red team of verdict forgery: no submission can talk the grader into a better verdict (issue 26).

One class, graded with the sandbox real, once on this machine (--jobs 2, with partial credit per check) and once on
a Dask cluster (all or nothing), the two at the same time, each in its own course folder. A plain wrong student's
five functions pass the lecture's example and fail the hidden cases. Each attacker hands in exactly the plain wrong
solution cells plus an attack (forgery/<student>.py: the kernel's messages, hooks, import hooks, ctypes, tracers,
lying results, dying or silent kernels, tables and oracles of answers, …). Every attacker must score at most what
the plain wrong student scores, cell by cell (the same, where that is nothing; per check, a lying result may cost a
check it would have passed), with two exceptions that gain nothing either: a kernel that goes silent between cells
may fail its submission alone (as os._exit does), and an oracle that makes right values against the rules may score
if the closing table flags it for review.
The honest students get full marks, so a grader that scores everyone 0 fails; and after feedback no
autograded notebook or feedback file holds the text of a hidden test.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from course_testing import sandbox_or_skip
from sample_class.build import make_course, make_notebook

from autograder.course.context import CourseContext
from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.course.state import status_file as load_status
from helpers.paths import ROOT

pytestmark = pytest.mark.slow

FORGERY = Path(__file__).resolve().parent / "forgery"
ASSIGNMENT = "ch01_handmade_qkv"
EXERCISES = ("dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention")
HIDDEN_TEXT = ("importlib.reload(helpers.grading)", *(f"check_{name}(" for name in EXERCISES))
HANGUL = re.compile(r"[\uac00-\ud7a3]")
CELL_TIMEOUT = 30  # seconds; the hanging attackers cost this much each

# Right on the lecture's example, so the visible part of every test cell passes; wrong on the hidden cases.
PLAIN_WRONG = {
    "dot_scores": "def dot_scores(Q, K):\n    return (Q @ K.transpose(-2, -1)).round()  # 강의의 점수는 정수\n",
    "scale_scores": "def scale_scores(scores, d_k):\n    return scores / 2**0.5  # 강의의 d_k 는 2\n",
    "row_softmax": ("def row_softmax(scores):\n    exps = torch.exp(scores - scores.amax())  # 표 전체의 최댓값\n"
                    "    return exps / exps.sum(dim=-1, keepdim=True)\n"),
    "mix_values": ("def mix_values(weights, V):\n    first_V = V.reshape(-1, *V.shape[-2:])[0]  # 첫 문장의 V\n"
                   "    return weights @ first_V\n"),
    "self_attention": ("def self_attention(Q, K, V):\n"
                       "    weights = row_softmax(scale_scores(dot_scores(Q, K), Q.shape[-1]))\n"
                       "    return mix_values(weights, K), weights  # 강의에서는 V 가 K 와 같다\n"),
}
HONEST = ("h01_honest", "h02_honest_noisy")
PLAIN = "p01_plain_wrong"


@dataclass(frozen=True)
class Attacker:
    """A hostile student: the plain wrong notebook with forgery/<student>.py at the end of the solution cell
    `cell`; each function of `forged` is wrapped by the attack (forgery/kit.py) right after its definition."""

    student: str
    forged: tuple[str, ...] = ()
    cell: str = EXERCISES[0]
    may_fail_alone: bool = False  # a kernel gone silent between cells may fail the submission, like os._exit
    # right values made against the rules ("may not call the reference"): those rules are read from the source
    # as far as that reaches, and what evades the reading is flagged for review instead of passing silently
    may_score_if_flagged: bool = False


ATTACKERS = (
    Attacker("f01_reply_ok"),
    Attacker("f02_ast_try"),
    Attacker("f03_fake_grading"),
    Attacker("f04_fake_reference"),
    Attacker("f05_ctypes_bool"),
    Attacker("f06_exit_on_hidden", forged=("dot_scores",)),
    Attacker("f07_silent_after_one_check", may_fail_alone=True),
    Attacker("f08_tensor_liar", forged=EXERCISES),
    Attacker("f09_duck_tensor", forged=EXERCISES),
    Attacker("f10_malformed_results", forged=EXERCISES),
    Attacker("f11_numeric_result"),
    Attacker("f12_answer_table", forged=EXERCISES),
    Attacker("f13_late_definition", cell="self_attention"),
    Attacker("f14_settrace_jump"),
    Attacker("f15_build_class"),
    Attacker("f16_torch_patch"),
    Attacker("f17_spoofed_patch"),
    Attacker("f18_base_exceptions", forged=EXERCISES),
    Attacker("f19_sleep_no_alarm", forged=("dot_scores",)),
    Attacker("f20_sleep_deaf", forged=("dot_scores",)),
    Attacker("f21_stack_peek", forged=EXERCISES),
    Attacker("f22_reference_oracle", forged=EXERCISES, may_score_if_flagged=True),
    Attacker("f23_forged_verdict"),
)
FORGED_VERDICT = "f23_forged_verdict"
WAYS = ("local", "dask")  # graded on this machine (--jobs 2), and on a Dask cluster
# The credit rule each way grades under: partial points per check (which an attack could try to raise), and the
# default. Per check, the plain wrong answer keeps what its checks earn: its row_softmax subtracts the table's max
# (right on tidy rows, not on the huge ones), its mix_values takes the first sentence's V (right without batch axes).
RULES = {"local": "per_check", "dask": "all_or_nothing"}
PLAIN_KEEPS = {"per_check": {"row_softmax": 0.75 * 3, "mix_values": 0.5 * 2}, "all_or_nothing": {}}


# ---------------------------------------------------------------- the class
def _solution_cell(notebook: dict, grade_id: str) -> dict:
    return next(cell for cell in notebook["cells"] if nbgrader_metadata(cell).get("grade_id") == grade_id)


def _append(notebook: dict, grade_id: str, code: str) -> None:
    cell = _solution_cell(notebook, grade_id)
    cell["source"] = cell_source(cell).rstrip("\n") + "\n\n\n" + code


def _plain_wrong(release: dict) -> dict:
    notebook = copy.deepcopy(release)
    for name, code in PLAIN_WRONG.items():
        _solution_cell(notebook, name)["source"] = code
    return notebook


def _attacked(release: dict, attacker: Attacker) -> dict:
    notebook = _plain_wrong(release)
    attack = (FORGERY / f"{attacker.student}.py").read_text(encoding="utf-8")
    if attacker.forged:
        attack = (FORGERY / "kit.py").read_text(encoding="utf-8") + "\n\n" + attack
    _append(notebook, attacker.cell, attack)
    for name in attacker.forged:
        _append(notebook, name, f"{name} = _forged({name})\n")
    return notebook


def _hand_in(course: Path, student: str, notebook: dict) -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    (folder / "timestamp.txt").write_text("2026-03-02 09:00:00.000000 UTC", encoding="utf-8")


def _build_class(course: Path) -> None:
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    honest, noisy = HONEST
    _hand_in(course, honest, make_notebook("correct", source, release))
    noisy_notebook = make_notebook("correct", source, release)
    _append(noisy_notebook, EXERCISES[0], (FORGERY / f"{noisy}.py").read_text(encoding="utf-8"))
    _hand_in(course, noisy, noisy_notebook)
    _hand_in(course, PLAIN, _plain_wrong(release))
    for attacker in ATTACKERS:
        _hand_in(course, attacker.student, _attacked(release, attacker))


def _points(course: Path) -> dict[str, float]:
    """grade_id → points of every test cell."""
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    return {nbgrader_metadata(cell)["grade_id"]: float(nbgrader_metadata(cell)["points"])
            for cell in release["cells"] if nbgrader_metadata(cell).get("grade")}


# ---------------------------------------------------------------- grading it
@contextlib.contextmanager
def _dask_cluster():
    """A scheduler and two worker processes on loopback, as tests/autograder/grading/test_cluster.py starts them."""
    import dask
    from distributed import LocalCluster

    with dask.config.set({"distributed.worker.daemon": False}), LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None) as local:
        yield local.scheduler_address


def _course_grader(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *arguments], capture_output=True, text=True,
                          timeout=1800, cwd=ROOT)


def _cell_scores(course: Path) -> dict[str, dict[str, float]]:
    """student → grade_id → score, for every submission the gradebook holds."""
    with CourseContext(course).gradebook() as gradebook:
        return {submission.student_id: {grade.name: grade.score for notebook in submission.notebooks
                                        for grade in notebook.grades}
                for submission in gradebook.find_assignment(ASSIGNMENT).submissions}


@dataclass(frozen=True)
class GradedClass:
    """The class graded one way, and what grading and feedback left."""

    course: Path
    rule: str  # the course's credit rule
    grading: subprocess.CompletedProcess
    feedback: subprocess.CompletedProcess
    points: dict[str, float]
    scores: dict[str, dict[str, float]]
    status: dict

    def explain(self, student: str) -> str:
        """What grading said of `student`, for an assertion's message."""
        rows = [line for line in self.grading.stdout.splitlines() if student in line]
        return f"{student}: {self.scores.get(student)}; status {self.status.get(student)}; table {rows}"


def _graded(course: Path, rule: str, scheduler: str | None) -> GradedClass:
    """`course` graded under the credit `rule` on this machine (--jobs 2) or on the Dask cluster at `scheduler`, then
    fed back."""
    with open(course / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write(f"\nc.CheckedExecute.credit_rule = {rule!r}\n")
    common = ("grade", ASSIGNMENT, "--root", str(course), "--timeout", str(CELL_TIMEOUT))
    grading = _course_grader(*common, *(("--scheduler", scheduler) if scheduler else ("--jobs", "2")))
    feedback = _course_grader("feedback", ASSIGNMENT, "--root", str(course))
    return GradedClass(course, rule, grading, feedback, _points(course), _cell_scores(course),
                       load_status(CourseContext(course), ASSIGNMENT))


@pytest.fixture(scope="module")
def gradings(tmp_path_factory) -> dict[str, GradedClass]:
    """The class in two course folders, graded both ways at the same time: way → what grading it left. Most of
    a grading is waiting (the hanging and silent attackers hold a kernel CELL_TIMEOUT for each test cell they
    hang, the cluster starts: a grading used a third of a core), and one way's waits are the other's working time;
    one after the other they took a worker six minutes."""
    sandbox_or_skip()
    courses = {way: make_course(tmp_path_factory.mktemp(f"forgery-{way}"), [ASSIGNMENT]) for way in WAYS}
    for course in courses.values():
        _build_class(course)
    with _dask_cluster() as address, ThreadPoolExecutor(max_workers=1) as beside:
        on_this_machine = beside.submit(_graded, courses["local"], RULES["local"], None)
        on_the_cluster = _graded(courses["dask"], RULES["dask"], address)
        return {"local": on_this_machine.result(), "dask": on_the_cluster}


@pytest.fixture(scope="module", params=WAYS)
def graded(request, gradings) -> GradedClass:
    return gradings[request.param]


# ---------------------------------------------------------------- what must hold
def test_the_honest_students_get_full_marks(graded):
    for student in HONEST:
        assert graded.scores.get(student) == graded.points, graded.explain(student)


def test_the_plain_wrong_student_keeps_only_what_its_checks_earn(graded):
    kept = PLAIN_KEEPS[graded.rule]
    assert graded.scores.get(PLAIN) == {cell: kept.get(cell.removeprefix("test_"), 0.0) for cell in graded.points}, \
        graded.explain(PLAIN)


def _flagged_for_review(closing_table: str, student: str) -> bool:
    """True when the closing table's review list ("변조 의심") names `student`."""
    _, header, review = closing_table.partition("변조 의심")
    return bool(header) and any(line.split()[:1] == [student] for line in review.splitlines())


@pytest.mark.parametrize("attacker", ATTACKERS, ids=lambda attacker: attacker.student)
def test_an_attack_scores_no_more_than_the_plain_wrong_answer_beside_it(graded, attacker):
    plain = graded.scores[PLAIN]
    if attacker.may_fail_alone and attacker.student not in graded.scores:
        entry = graded.status[attacker.student]
        assert entry["outcome"] == "failed" and HANGUL.search(entry["reason"]), graded.explain(attacker.student)
        return
    if attacker.may_score_if_flagged and _flagged_for_review(graded.grading.stdout, attacker.student):
        return
    scores = graded.scores.get(attacker.student)
    assert scores is not None and scores.keys() == plain.keys(), graded.explain(attacker.student)
    assert all(scores[cell] <= plain[cell] for cell in plain), graded.explain(attacker.student)


def _verdicts(graded: GradedClass, student: str) -> list[tuple[str, str, tuple]]:
    """(test cell, code, wrong parts) of every verdict the status file holds for `student`."""
    return [(cell["grade_id"], cell["verdict"]["code"], tuple(part["code"] for part in cell["verdict"]["parts"]))
            for cell in graded.status[student].get("cells", [])]


def test_a_verdict_the_kernel_writes_leaves_the_plain_wrong_answers_verdicts_and_only_the_checkers_in_the_notebook(
        graded):
    assert _verdicts(graded, FORGED_VERDICT) == _verdicts(graded, PLAIN), graded.explain(FORGED_VERDICT)
    autograded = read_notebook(graded.course / "autograded" / FORGED_VERDICT / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    held = {nbgrader_metadata(cell)["grade_id"]: [output["metadata"]["course_grader_verdict"]["exercise"]
                                                  for output in cell.get("outputs", [])
                                                  if "course_grader_verdict" in output.get("metadata", {})]
            for cell in autograded["cells"] if nbgrader_metadata(cell).get("grade")
            and not nbgrader_metadata(cell).get("solution")}
    assert held == {f"test_{name}": [name] for name in EXERCISES}


def test_no_autograded_notebook_or_feedback_file_holds_a_hidden_test(graded):
    assert graded.feedback.returncode == 0, graded.feedback.stdout + graded.feedback.stderr
    assert any((graded.course / "feedback").rglob("*.html"))
    leaks = []
    for folder in ("autograded", "feedback"):
        for path in sorted((graded.course / folder).rglob("*")):
            if path.is_file() and ".autograder" not in path.parts:
                text = path.read_text(encoding="utf-8", errors="replace")
                # a student may write these words in their own cells (f03 does): only the grader's copy is a leak
                own = _submitted_text(graded.course, path.relative_to(graded.course / folder).parts[0])
                leaks += [f"{path.relative_to(graded.course)}: {line}" for line in HIDDEN_TEXT
                          if line in text and line not in own]
    assert not leaks, "\n".join(leaks[:20]) + f"\n({len(leaks)} in all)"


def _submitted_text(course: Path, student: str) -> str:
    """Everything the student's submitted notebook holds, as text."""
    return "".join(path.read_text(encoding="utf-8", errors="replace")
                   for path in (course / "submitted" / student).rglob("*.ipynb"))
