"""A submission's state (autograder/course/state.py): the fingerprint that decides "변경 없음" follows the
submission, the graded source and the code that decides grades, and nothing else."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_pins import normalise, requirements_pins

from autograder.course import gradebook as book
from autograder.course import state
from autograder.course.context import CourseContext
from autograder.course.grading_code import grading_code
from autograder.course.state import Outcome, StatusEntry, fingerprint, source_digest, submission_states
from autograder.grading.plan import plan_run
from helpers.paths import ROOT

ASSIGNMENT = "ch01_handmade_qkv"
STUDENTS = ("s01", "s02", "s03")


@pytest.fixture
def graded_class(tmp_path, monkeypatch) -> CourseContext:
    """Three students merged and recorded by `grade` with the fingerprints of now, grading with a copy of the course's
    packages (helpers/ and autograder/)."""
    for package in ("HELPERS", "AUTOGRADER"):
        copy = tmp_path / package.lower()
        shutil.copytree(Path(getattr(state, package)), copy, ignore=shutil.ignore_patterns("__pycache__"))
        monkeypatch.setattr(state, package, copy)
    root = tmp_path / "course"
    shutil.copytree(ROOT / "source" / ASSIGNMENT, root / "source" / ASSIGNMENT)
    context = CourseContext(root)
    book.sync_assignment(context, ASSIGNMENT)
    notebook = context.source_notebook(ASSIGNMENT).read_bytes()
    entries = {}
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        for student in STUDENTS:
            for folder in (context.submission_dir(student, ASSIGNMENT), context.autograded_dir(student, ASSIGNMENT)):
                folder.mkdir(parents=True)
                (folder / f"{ASSIGNMENT}.ipynb").write_bytes(notebook)
            mark = fingerprint(context.submission_dir(student, ASSIGNMENT), source_digest(context, ASSIGNMENT))
            book.merge(gradebook, ASSIGNMENT, student, mark, None, {})
            entries[student] = StatusEntry(Outcome.GRADED, fingerprint=mark)
    state.save_status(context, ASSIGNMENT, entries)
    return context


def _to_grade(context: CourseContext) -> list[str]:
    with context.gradebook() as gradebook:
        return [student for student, _ in plan_run(context, ASSIGNMENT, gradebook).todo]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_class_graded_with_the_grading_of_now_is_left_as_it_is(graded_class):
    assert _to_grade(graded_class) == []
    with graded_class.gradebook() as gradebook:
        states = submission_states(graded_class, ASSIGNMENT, gradebook)
    assert {student: s.outcome for student, s in states.items()} == dict.fromkeys(STUDENTS, Outcome.GRADED)


ADDED = "\ndef _added():\n    return None\n\n\ndef "  # a new function before the first top-level one


@pytest.mark.parametrize("changed", [
    ("HELPERS", "grading/compare.py", "rtol=RTOL, atol=ATOL,", "rtol=2 * RTOL, atol=ATOL,"),  # a check's tolerance
    ("HELPERS", "misconceptions/ch01.py", "\ndef ", ADDED),  # the catalogue
    ("HELPERS", "reference.py", "\ndef ", ADDED),  # what answers are compared with
    ("HELPERS", "data.py", "\ndef ", ADDED),  # what the hidden cases and the lecture examples are built from
    ("HELPERS", "chapters.py", "\ndef ", ADDED),  # which exercise belongs to which assignment
    ("HELPERS", "given.py", "from ", "import math\nfrom "),  # the parts a notebook is given
    ("AUTOGRADER", "grading/checker.py", "\ndef ", ADDED),  # the worker's side of every verdict
], ids=["a check", "a misconception", "the reference", "the course data", "the chapters", "the given parts",
        "the checker"])
def test_changing_the_code_that_decides_grades_regrades_the_class(graded_class, changed):
    package, file, old, new = changed
    _edit(Path(getattr(state, package)) / file, old, new)
    assert _to_grade(graded_class) == list(STUDENTS)
    with graded_class.gradebook() as gradebook:
        outcomes = {s.outcome for s in submission_states(graded_class, ASSIGNMENT, gradebook).values()}
    assert outcomes == {Outcome.CHANGED}  # export leaves them blank until they are graded again


def test_changing_the_courses_credit_rule_regrades_the_class(graded_class):
    (graded_class.root / "nbgrader_config.py").write_text(
        (ROOT / "nbgrader_config.py").read_text(encoding="utf-8") + '\nc.CheckedExecute.credit_rule = "by_diagnosis"\n',
        encoding="utf-8")
    assert _to_grade(CourseContext(graded_class.root)) == list(STUDENTS)


def test_an_unrelated_change_to_the_course_regrades_nobody(graded_class):
    _edit(Path(state.HELPERS) / "plotting.py", "\ndef ", ADDED)  # the lectures' figures
    _edit(Path(state.AUTOGRADER) / "report.py", "\ndef ", ADDED)  # the class report
    assert _to_grade(graded_class) == []


def test_the_grading_code_names_each_package_it_imports_at_its_pinned_version():
    code = grading_code({"helpers": state.HELPERS, "autograder": state.AUTOGRADER})
    pins = requirements_pins()
    assert {"torch", "numpy", "nbgrader"} <= {name for name, _ in code.distributions}
    assert [(name, version) for name, version in code.distributions
            if pins.get(normalise(name)) != version.split("+")[0]] == []


def test_a_changed_submission_is_graded_again_alone(graded_class):
    (graded_class.submission_dir("s02", ASSIGNMENT) / "extra.txt").write_text("새 파일", encoding="utf-8")
    assert _to_grade(graded_class) == ["s02"]


# ---------------------------------------------------------------- a damaged status file
def _status_bytes(context: CourseContext) -> bytes:
    return state.status_path(context, ASSIGNMENT).read_bytes()


@pytest.mark.parametrize("damage", [
    lambda data: data[: len(data) // 2],  # cut short (a disk that filled, a copy that stopped)
    lambda data: bytes(range(256)) * 4,  # overwritten with garbage
    lambda data: data.replace(b'"graded"', b'"failed"', 1),  # an entry changed by another hand
    lambda data: b'{"students": {}}',  # no version: not a file this tool wrote
], ids=["truncated", "garbage", "edited", "unversioned"])
def test_a_damaged_status_file_is_reported_in_one_line_and_every_merged_student_is_graded_again(
        graded_class, capsys, damage):
    path = state.status_path(graded_class, ASSIGNMENT)
    path.write_bytes(damage(_status_bytes(graded_class)))
    assert _to_grade(graded_class) == list(STUDENTS)
    warned = [line for line in capsys.readouterr().err.splitlines() if str(path) in line]
    assert len(warned) == 1 and "망가졌습니다" in warned[0], warned
    with graded_class.gradebook() as gradebook:
        states = submission_states(graded_class, ASSIGNMENT, gradebook)
    assert not any(s.up_to_date for s in states.values())
    assert {s.outcome for s in states.values()} == {Outcome.GRADED}  # the gradebook's scores still count


def test_a_run_keeps_a_damaged_status_file_aside_and_writes_a_new_one(graded_class):
    path = state.status_path(graded_class, ASSIGNMENT)
    path.write_bytes(b"{\"version\": 2, \"students\": {\"s01\"")
    kept = state.set_aside_damaged(graded_class, ASSIGNMENT)
    assert kept is not None and kept.read_bytes() == b"{\"version\": 2, \"students\": {\"s01\""
    state.save_status(graded_class, ASSIGNMENT, {"s01": StatusEntry(Outcome.FAILED, "이유")})
    assert state.read_status(graded_class, ASSIGNMENT) == state.StatusFile({"s01": {"outcome": "failed",
                                                                                     "reason": "이유",
                                                                                     "sandboxed": True}})


def test_a_student_merged_but_missing_from_the_status_file_is_not_up_to_date(graded_class):
    entries = state.load_status(graded_class, ASSIGNMENT)
    del entries["s02"]  # merged, then killed before the status file was saved
    state.save_status(graded_class, ASSIGNMENT, entries)
    assert _to_grade(graded_class) == ["s02"]


def test_an_entry_of_an_older_grade_does_not_make_a_new_merge_up_to_date(graded_class):
    entries = state.load_status(graded_class, ASSIGNMENT)
    entries["s03"] = StatusEntry(Outcome.GRADED, fingerprint="the fingerprint of the submission graded before")
    state.save_status(graded_class, ASSIGNMENT, entries)  # regraded and merged, killed before this entry's save
    assert _to_grade(graded_class) == ["s03"]


def test_a_submission_that_cannot_be_read_fails_alone_and_the_class_is_read(graded_class, capsys):
    (graded_class.submission_dir("s02", ASSIGNMENT) / "mem").symlink_to("/proc/self/mem")  # reading it: EIO
    with graded_class.gradebook() as gradebook:
        states = submission_states(graded_class, ASSIGNMENT, gradebook)
    assert {student: s.outcome for student, s in states.items()} == {
        "s01": Outcome.GRADED, "s02": Outcome.FAILED, "s03": Outcome.GRADED}
    assert "Input/output error" in states["s02"].problem and states["s02"].entry.reason == states["s02"].problem
    assert "Traceback" not in capsys.readouterr().err  # an OSError is the student's reason, not a bug


def test_report_is_written_for_the_class_lists_an_unreadable_submission_and_exits_1(graded_class, capsys):
    from autograder import cli

    (graded_class.submission_dir("s02", ASSIGNMENT) / "mem").symlink_to("/proc/self/mem")
    code = cli.main(["report", ASSIGNMENT, "--root", str(graded_class.root)])
    out = capsys.readouterr().out
    assert code == 1 and "하지 못한 학생 1명" in out and "s02" in out.split("하지 못한 학생")[1], out
    page = (graded_class.root / "reports" / ASSIGNMENT / "index.html").read_text(encoding="utf-8")
    assert "제출을 읽지 못했습니다" in page and "Input/output error" in page


def test_export_writes_the_class_lists_an_unreadable_submission_and_exits_1(graded_class, capsys, tmp_path):
    from autograder import cli

    (graded_class.submission_dir("s02", ASSIGNMENT) / "mem").symlink_to("/proc/self/mem")
    code = cli.main(["export", "--root", str(graded_class.root), "--to", str(tmp_path / "grades.csv")])
    out = capsys.readouterr().out
    assert code == 1 and f"{ASSIGNMENT}/s02" in out.split("하지 못한 학생 1명")[1], out
    assert len((tmp_path / "grades.csv").read_text(encoding="utf-8").splitlines()) == 1 + len(STUDENTS)


def test_a_moodle_export_writes_the_class_lists_an_unreadable_submission_and_exits_1(graded_class, capsys, tmp_path):
    from autograder import cli

    roster = tmp_path / "명단.csv"
    roster.write_text("학번,이름,idnumber\n" + "".join(f"{s},학생 {s},M{s}\n" for s in STUDENTS), encoding="utf-8")
    (graded_class.submission_dir("s02", ASSIGNMENT) / "mem").symlink_to("/proc/self/mem")
    code = cli.main(["export", "--root", str(graded_class.root), "--format", "moodle", "--roster", str(roster),
                     "--to", str(tmp_path / "moodle.csv")])
    out = capsys.readouterr().out
    assert code == 1 and f"{ASSIGNMENT}/s02" in out.split("하지 못한 학생 1명")[1], out
    written = (tmp_path / "moodle.csv").read_text(encoding="utf-8-sig")
    assert "Ms01" in written and "Ms03" in written and "Ms02" not in written  # a blank is not imported


def test_similarity_compares_the_class_lists_a_submission_that_is_no_notebook_and_exits_1(graded_class, capsys):
    from autograder import cli

    shutil.copytree(ROOT / "release" / ASSIGNMENT, graded_class.root / "release" / ASSIGNMENT)  # what was given
    notebook = graded_class.submission_dir("s02", ASSIGNMENT) / f"{ASSIGNMENT}.ipynb"
    notebook.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")  # JSON nbformat cannot read
    code = cli.main(["similarity", ASSIGNMENT, "--root", str(graded_class.root)])
    out, err = capsys.readouterr()
    assert code == 1 and "s02" in out.split("하지 못한 학생 1명")[1], out + err
    assert (graded_class.root / "reports" / ASSIGNMENT / "similarity.html").is_file()
