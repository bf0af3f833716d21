"""Every reader of a submission survives any valid input, a crafted reply fails one exercise, a kernel message
past the cap ends its own submission, and nothing a submission writes reaches the instructor's terminal (issue 41,
items 3 to 6).

One class of ch01, graded with the sandbox real (--jobs 2), then every class-wide command run on it (feedback,
report, export, similarity) as the instructor runs them. Beside an honest student, each hostile one hands in a
right notebook plus one harm: a valid 1000-term sum in an extra cell (with tampering the review must still show),
a file of 5000 nested lists (JSON nbformat cannot read), control sequences in the source and in a file name, a
kernel that reports the int ``d_k`` back as a tensor, and a kernel message of many small frames past the cap.

Skips where no sandbox can be made (with the reason); under CI=true it fails instead.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from course_testing import sandbox_or_skip
from sample_class.build import make_course, make_notebook

from autograder.course.context import CourseContext
from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.course.scan import TAMPER
from autograder.course.state import status_file as load_status
from helpers.paths import ROOT

pytestmark = pytest.mark.slow
UNREADABLE = "읽지 못함 — 검토"  # the review finding of what a reader could not read

ASSIGNMENT = "ch01_handmade_qkv"
HONEST = "h01_honest"
DEEP_SUM = "r01_thousand_term_sum"
DEEP_JSON = "r02_nested_5000"
TERMINAL = "r03_terminal_sequences"
FILE_NAME = "r04_terminal_file_name"
REPLY = "r05_tensor_for_d_k"
FRAMES = "r06_many_frames"
# a window title, a clipboard write (OSC 52), cursor-up and erase-line, red: each a way to restyle or erase lines
CONTROL = "\x1b]0;제목을 바꿈\x07\x1b]52;c;cHduZWQ=\x07\x1b[1A\x1b[2K\x1b[31m"
TAMPERING = "import helpers\nhelpers.marker = 1\nhelpers.other = 2\n"
DEEP_SUM_CELL = "total = " + " + ".join(["1"] * 1000) + "\n"
TENSOR_FOR_D_K = """
import helpers.grading.wire as _wire
import torch as _torch

_encode = _wire.encode


def _tensor_for_d_k(value, **options):
    for run in value.get("runs", []) if isinstance(value, dict) else []:
        inputs = run.get("inputs") if isinstance(run, dict) else None
        if isinstance(inputs, tuple) and len(inputs) == 2 and type(inputs[1]) is int:
            run["inputs"] = (inputs[0], _torch.ones(3, 3))
    return _encode(value, **options)


_wire.encode = _tensor_for_d_k
"""
MANY_FRAMES = ("k = get_ipython().kernel\n"
               "_ = k.session.send(k.iopub_socket, 'stream', {'name': 'stdout', 'text': '.'}, parent=k.get_parent(), "
               "ident=b'stream.stdout', buffers=[b'y' * 2**19] * 300)\n")


def _solution_cell(notebook: dict, grade_id: str) -> dict:
    return next(cell for cell in notebook["cells"] if nbgrader_metadata(cell).get("grade_id") == grade_id)


def _append(notebook: dict, grade_id: str, code: str) -> dict:
    cell = _solution_cell(notebook, grade_id)
    cell["source"] = cell_source(cell).rstrip("\n") + "\n\n" + code
    return notebook


def _hand_in(course: Path, student: str, text: str, name: str = f"{ASSIGNMENT}.ipynb") -> None:
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    (folder / "timestamp.txt").write_text("2026-03-02 09:00:00.000000 UTC", encoding="utf-8")


def _build_class(course: Path) -> None:
    source = read_notebook(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
    release = read_notebook(course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")

    def right() -> dict:
        return make_notebook("correct", source, release)

    deep_sum = _append(right(), "dot_scores", TAMPERING)
    deep_sum["cells"].append({"cell_type": "code", "metadata": {}, "source": DEEP_SUM_CELL, "outputs": [],
                              "execution_count": None})
    handed = {HONEST: right(), DEEP_SUM: deep_sum,
              TERMINAL: _append(right(), "dot_scores", f'import helpers\nhelpers.title = "{CONTROL}"\n'),
              REPLY: _append(right(), "dot_scores", TENSOR_FOR_D_K),
              FRAMES: _append(right(), "dot_scores", MANY_FRAMES)}
    for student, notebook in handed.items():
        _hand_in(course, student, json.dumps(notebook, ensure_ascii=False))
    _hand_in(course, DEEP_JSON, '{"cells": ' + "[" * 5000 + "]" * 5000 + ', "metadata": {}, "nbformat": 4, '
                                '"nbformat_minor": 5}')
    _hand_in(course, FILE_NAME, json.dumps(right()), name=f"{CONTROL}.ipynb")


def _course_grader(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *arguments], capture_output=True, text=True,
                          timeout=1800, cwd=ROOT)


@dataclass(frozen=True)
class Commands:
    """The class, and what each class-wide command printed."""

    course: Path
    runs: dict[str, subprocess.CompletedProcess]
    status: dict
    scores: dict[str, dict[str, float]]

    def said(self, command: str) -> str:
        return self.runs[command].stdout + self.runs[command].stderr


@pytest.fixture(scope="module")
def commands(tmp_path_factory) -> Commands:
    sandbox_or_skip()
    course = make_course(tmp_path_factory.mktemp("hostile-readers"), [ASSIGNMENT])
    _build_class(course)
    root = ("--root", str(course))
    runs = {"grade": _course_grader("grade", ASSIGNMENT, *root, "--jobs", "2", "--timeout", "60")}
    runs["feedback"] = _course_grader("feedback", ASSIGNMENT, *root)
    runs["report"] = _course_grader("report", ASSIGNMENT, *root)
    runs["export"] = _course_grader("export", *root, "--to", str(course / "out" / "grades.csv"))
    runs["similarity"] = _course_grader("similarity", ASSIGNMENT, *root)
    with CourseContext(course).gradebook() as gradebook:
        scores = {submission.student_id: {grade.name: grade.score for notebook in submission.notebooks
                                          for grade in notebook.grades}
                  for submission in gradebook.find_assignment(ASSIGNMENT).submissions}
    return Commands(course, runs, load_status(CourseContext(course), ASSIGNMENT), scores)


def _findings(commands: Commands, student: str) -> list[dict]:
    return commands.status[student].get("findings") or []


# ---------------------------------------------------------------- item 3: readers survive any valid input
def test_a_thousand_term_sum_does_not_erase_the_review(commands):
    kinds = [(finding["kind"], finding["code"]) for finding in _findings(commands, DEEP_SUM)]
    assert (TAMPER, "helpers.marker = 1") in kinds and (TAMPER, "helpers.other = 2") in kinds, commands.status[
        DEEP_SUM]
    assert DEEP_SUM in commands.runs["grade"].stdout.partition(TAMPER)[2], commands.runs["grade"].stdout


def test_a_notebook_nested_5000_deep_fails_that_student_alone_with_a_reason(commands):
    entry = commands.status[DEEP_JSON]
    assert entry["outcome"] == "failed" and "노트북 파일이 손상되었습니다" in entry["reason"], entry
    assert commands.scores[HONEST] and all(commands.scores[HONEST].values()), commands.scores


@pytest.mark.parametrize("command", ["grade", "feedback", "report", "export", "similarity"])
def test_no_class_wide_command_is_stopped_by_the_deep_cell_or_the_deep_notebook(commands, command):
    run = commands.runs[command]
    assert "Traceback" not in run.stderr and "RecursionError" not in commands.said(command), commands.said(command)
    assert run.returncode in (0, 1), commands.said(command)  # 1: some submission failed, said per student
    made = {"grade": commands.course / "autograded" / DEEP_SUM / ASSIGNMENT / f"{ASSIGNMENT}.ipynb",
            "feedback": commands.course / "feedback" / DEEP_SUM / ASSIGNMENT / f"{ASSIGNMENT}.html",
            "report": commands.course / "reports" / ASSIGNMENT / "report.json",
            "export": commands.course / "out" / "grades.csv"}
    if command in made:
        assert made[command].is_file(), commands.said(command)
    else:
        assert "검토 쪽:" in run.stdout and DEEP_JSON in commands.said(command), commands.said(command)


def test_the_report_shows_the_deep_cells_findings(commands):
    data = json.loads((commands.course / "reports" / ASSIGNMENT / "report.json").read_text(encoding="utf-8"))
    assert {(f["student"], f["code"]) for f in data["findings"]} >= {(DEEP_SUM, "helpers.marker = 1")}, data[
        "findings"]


# ---------------------------------------------------------------- item 4: a malformed reply fails one exercise
def test_a_tensor_reported_for_the_int_d_k_fails_that_exercise_with_a_reason_not_the_submission(commands):
    entry, scores = commands.status[REPLY], commands.scores.get(REPLY, {})
    assert entry["outcome"] == "graded", entry
    assert scores["test_scale_scores"] == 0 and scores["test_dot_scores"] > 0, scores
    feedback = (commands.course / "feedback" / REPLY / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text(encoding="utf-8")
    assert "int를 보냈는데 Tensor가 돌아왔습니다" in feedback


# ---------------------------------------------------------------- item 5: bounded before parsed
def test_a_kernel_message_of_many_small_frames_past_the_cap_ends_that_submission_with_a_reason(commands):
    entry = commands.status[FRAMES]
    assert entry["outcome"] == "failed" and "커널이 보낸 메시지 하나가" in entry["reason"], entry


# ---------------------------------------------------------------- item 6: terminals and logs get data
def test_no_control_sequence_a_submission_wrote_reaches_the_terminal(commands):
    for command in commands.runs:
        said = commands.said(command)
        assert "\x1b" not in said and "\x07" not in said and "\r" not in said, (command, said[-2000:])
    assert "\\x1b]52;c;cHduZWQ=\\x07" in commands.runs["grade"].stdout  # shown, as data


def test_a_file_name_with_control_sequences_is_shown_escaped_in_the_table_and_the_log(commands):
    entry = commands.status[FILE_NAME]
    assert entry["outcome"] == "failed", entry
    log = Path(entry["log"]).read_text(encoding="utf-8")
    assert "\x1b" not in log and "\\x1b[1A\\x1b[2K" in log, log
    assert any(FILE_NAME in line and "\\x1b[2K" in line for line in commands.runs["grade"].stdout.splitlines())


def test_an_unreadable_cell_is_a_finding_to_review_never_an_empty_list():
    from autograder.course.scan import scan_cells

    findings = scan_cells([{"cell_type": "code", "metadata": {}, "source": "x = " + " + ".join(["1"] * 100_000)}])
    assert [finding.kind for finding in findings] == [UNREADABLE]
