"""The instructor pipeline's parts that need no kernel: the command line, the tamper scan,
collecting an LMS export, fingerprints, and merging into the gradebook (autograder/).

The sample class itself is graded end to end in test_autograder_class.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from autograder.cli import parse_arguments
from autograder.collect import collect, find_student
from autograder.course import gradebook as book
from autograder.course.console import table, width
from autograder.course.context import CourseContext, parse_override
from autograder.course.scan import DELETED, LOCKED_EDIT, TAMPER, scan_cells
from autograder.course.state import fingerprint
from helpers.paths import ROOT


# ---------------------------------------------------------------- command line
def test_help_lists_every_step_of_the_instructor_pipeline():
    result = subprocess.run([sys.executable, "-m", "autograder", "--help"], capture_output=True, text=True,
                            cwd=ROOT, timeout=120)
    assert result.returncode == 0
    for command in ("release", "collect", "grade", "feedback", "export", "report"):
        assert command in result.stdout


def test_grade_options_parse_as_documented():
    arguments = parse_arguments(["grade", "ch01_handmade_qkv", "--jobs", "3", "--student", "a", "b",
                                           "--force", "--set", "Execute.timeout=7", "--db-url", "postgresql://x/y"])
    assert (arguments.jobs, arguments.student, arguments.force) == (3, ["a", "b"], True)
    assert arguments.db_url == "postgresql://x/y"
    assert parse_override(arguments.overrides[0]) == ("Execute.timeout", 7)


def test_sqlite_gradebook_waits_for_a_lock_instead_of_failing(tmp_path):
    assert CourseContext(tmp_path).gradebook_url() == f"sqlite:///{tmp_path.resolve()}/gradebook.db?timeout=60"


def test_tables_line_up_hangul_and_ascii():
    text = table(["학생", "결과"], [["s01", "채점"], ["홍길동", "실패"]])
    first, second = text.splitlines()[2:]
    assert width(first[: first.index("채점")]) == width(second[: second.index("실패")])


# ---------------------------------------------------------------- tamper scan
def _cell(source: str, grade_id: str | None = None, **meta) -> dict:
    cell = {"cell_type": "code", "source": source, "metadata": {}, "outputs": []}
    if grade_id:
        cell["metadata"]["nbgrader"] = {"grade_id": grade_id, **meta}
    return cell


RELEASE = [
    _cell("import torch\nimport numpy as np\nfrom helpers.grading import check_example", "setup", locked=True),
    _cell("def f(x):\n    raise NotImplementedError()", "f", solution=True),
    _cell("check_example('f', f)", "test_f", grade=True, locked=True, points=1),
]


@pytest.mark.parametrize("source", [
    "torch.allclose = lambda *a, **k: True",
    "np.testing.assert_allclose = print",
    "import numpy\nnumpy.isclose = None",
    "import builtins\nbuiltins.len = lambda x: 0",
    "__builtins__.abs = None",
    "__builtins__['abs'] = None",
    "setattr(torch, 'equal', lambda a, b: True)",
    "import sys\nsys.modules['helpers.grading'] = object()",
    "import sys\nsys.modules.pop('helpers')",
    "import sys\ndel sys.modules['helpers']",
    "import sys\nsys.setprofile(None)",
    "import helpers.grading.core as core\ncore.compare = lambda *a: None",
    "from helpers import grading\ngrading.check = lambda *a: None",
    "import importlib\nimportlib.reload = lambda m: m",
    "torch.Tensor.__eq__ = lambda a, b: True",
    "from torch import nn\nnn.functional.softmax = None",
    "def check_example(name, function):\n    pass",
    "exec('torch.allclose = None')",
    "vars(torch)['allclose'] = None",
    "__import__('torch').allclose = None",
    "import helpers.grading.core as core\nopen(core.__file__, 'w').write('')",
    "from pathlib import Path\nPath('helpers/grading/core.py').write_text('')",
    "import os\nos.remove('helpers/grading/core.py')",
    "import shutil\nshutil.rmtree('helpers')",
    "import subprocess\nsubprocess.run(['sed', '-i', 's/a/b/', 'x.py'])",
])
def test_scan_flags_tampering_with_the_grading_environment(source):
    cells = [RELEASE[0], _cell("def f(x):\n    return x\n" + source, "f", solution=True), RELEASE[2]]
    findings = scan_cells(cells, RELEASE)
    assert [f.kind for f in findings] == [TAMPER], findings
    assert findings[0].cell == "f" and findings[0].line >= 2


@pytest.mark.parametrize("source", [
    "x = torch.zeros(3)\nx[0] = 1\nx.data = x.data * 2",
    "np.random.seed(0)\ntorch.manual_seed(0)",
    "import pandas as pd\npd.options.display.float_format = '{:.2f}'.format",
    "scores = np.zeros((2, 2))\nscores[scores < 0] = 0",
    "%time y = f(1)",
    "text = 'a-b'.replace('-', ' ')\nwith open('data.txt') as handle:\n    handle.read()",
    "from helpers.grading import check_example\ncheck_example('f', f)",
])
def test_scan_leaves_ordinary_student_code_alone(source):
    cells = [RELEASE[0], _cell("def f(x):\n    return x\n" + source, "f", solution=True), RELEASE[2]]
    assert scan_cells(cells, RELEASE) == []


def test_scan_names_edited_and_deleted_locked_cells_separately():
    edited = [RELEASE[0], RELEASE[1], _cell("pass", "test_f", grade=True, locked=True, points=1)]
    assert [(f.kind, f.cell) for f in scan_cells(edited, RELEASE)] == [(LOCKED_EDIT, "test_f")]
    assert [(f.kind, f.cell) for f in scan_cells(RELEASE[:2], RELEASE)] == [(DELETED, "test_f")]


def test_scan_reads_cells_without_nbgrader_metadata_that_students_added():
    cells = [*RELEASE, _cell("import torch\ntorch.equal = lambda a, b: True")]
    findings = scan_cells(cells, RELEASE)
    assert [(f.kind, f.cell, f.line) for f in findings] == [(TAMPER, "셀 4", 2)]


# ---------------------------------------------------------------- collect
def _notebook_bytes(tag: str) -> bytes:
    return json.dumps({"cells": [], "metadata": {"tag": tag}, "nbformat": 4, "nbformat_minor": 5}).encode()


def test_student_ids_are_found_in_lms_file_names():
    assert find_student("2023123456_홍길동_ch01_handmade_qkv.ipynb", None, set()) == ("2023123456", "")
    assert find_student("hong_2023123456/ch01_handmade_qkv.ipynb", None, set()) == ("2023123456", "")
    assert find_student("ch01_handmade_qkv.ipynb", None, set())[0] is None
    assert find_student("kim_s07_ch01.ipynb", None, {"s07", "s08"}) == ("s07", "")
    assert find_student("a-12_b.ipynb", r"a-(?P<student_id>\d+)_", set()) == ("12", "")
    student, reason = find_student("20231234_20239999.ipynb", None, set())
    assert student is None and "여럿" in reason


@pytest.mark.parametrize("as_zip", [False, True], ids=["folder", "zip"])
def test_collect_places_each_notebook_and_reports_what_it_cannot(tmp_path, as_zip):
    export = tmp_path / "export"
    export.mkdir()
    (export / "2023000001_kim_ch01.ipynb").write_bytes(_notebook_bytes("a"))
    (export / "lee_2023000002").mkdir()
    (export / "lee_2023000002" / "Untitled.ipynb").write_bytes(_notebook_bytes("b"))
    (export / "ch01_handmade_qkv.ipynb").write_bytes(_notebook_bytes("no id"))
    (export / "2023000003_notes.pdf").write_bytes(b"%PDF")
    (export / "__MACOSX").mkdir()
    (export / "__MACOSX" / "._2023000001_kim_ch01.ipynb").write_bytes(b"junk")
    source = export
    if as_zip:
        source = tmp_path / "export.zip"
        with zipfile.ZipFile(source, "w") as archive:
            for path in export.rglob("*"):
                if path.is_file():
                    archive.write(path, path.relative_to(export).as_posix())
    course = tmp_path / "course"
    course.mkdir()
    context = CourseContext(course)
    report = collect(context, "ch01_handmade_qkv", source)
    assert sorted(student for student, _, _ in report.placed) == ["2023000001", "2023000002"]
    placed = course / "submitted" / "2023000002" / "ch01_handmade_qkv"
    assert json.loads((placed / "ch01_handmade_qkv.ipynb").read_text())["metadata"]["tag"] == "b"
    assert (placed / "timestamp.txt").read_text().endswith("UTC")
    assert {oct(path.stat().st_mode & 0o777) for path in placed.iterdir()} == {"0o444"}  # stored as evidence
    assert sorted(name for name, _ in report.unplaced) == ["2023000003_notes.pdf", "ch01_handmade_qkv.ipynb"]
    again = collect(context, "ch01_handmade_qkv", source)
    assert not again.placed and len(again.unchanged) == 2


def test_collect_keeps_the_newest_of_two_notebooks_from_one_student(tmp_path):
    export = tmp_path / "export"
    export.mkdir()
    old, new = export / "2023000001_v1.ipynb", export / "2023000001_v2.ipynb"
    old.write_bytes(_notebook_bytes("old"))
    new.write_bytes(_notebook_bytes("new"))
    import os

    os.utime(old, (1_700_000_000, 1_700_000_000))
    os.utime(new, (1_700_000_900, 1_700_000_900))
    context = CourseContext(tmp_path / "course")
    report = collect(context, "ch01_handmade_qkv", export)
    target = tmp_path / "course" / "submitted" / "2023000001" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
    assert json.loads(target.read_text())["metadata"]["tag"] == "new"
    assert [name for name, _ in report.unplaced] == ["2023000001_v1.ipynb"]


# ---------------------------------------------------------------- fingerprints and merging
def test_fingerprint_changes_with_the_submission_and_with_the_graded_source(tmp_path):
    folder = tmp_path / "s1"
    folder.mkdir()
    (folder / "a.ipynb").write_text("{}")
    first = fingerprint(folder, "source-1")
    assert fingerprint(folder, "source-1") == first
    assert fingerprint(folder, "source-2") != first
    (folder / "timestamp.txt").write_text("2026-03-02 09:00:00 UTC")
    assert fingerprint(folder, "source-1") != first


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def recorded_course(request, tmp_path_factory):
    """A course whose gradebook (an SQLite file, or a database on the test PostgreSQL server) holds ch01 as
    nbgrader's generate_assignment records it."""
    assignment = "ch01_handmade_qkv"
    root = tmp_path_factory.mktemp("course")
    (root / "source").mkdir()
    import shutil

    shutil.copytree(ROOT / "source" / assignment, root / "source" / assignment)
    db_url = request.getfixturevalue("postgres").create_database("merging") if request.param == "postgresql" else None
    context = CourseContext(root, db_url=db_url)
    book.sync_assignment(context, assignment)
    return context, assignment


def _result(context, assignment, points: float) -> dict:
    with context.gradebook() as gradebook:
        notebook = gradebook.find_notebook(assignment, assignment)
        grades = {cell.name: points for cell in notebook.grade_cells}
        comments = {cell.name: None for cell in notebook.solution_cells}
    return {assignment: {"grades": grades, "comments": comments, "late_submission_penalty": None}}


def test_merging_a_student_twice_leaves_the_gradebook_as_merging_once(recorded_course):
    context, assignment = recorded_course
    notebooks = _result(context, assignment, 1.0)
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        book.merge(gradebook, assignment, "twice", "f1", "2026-03-02 09:00:00 UTC", notebooks)
        once = book.dump(gradebook)
        book.merge(gradebook, assignment, "twice", "f1", "2026-03-02 09:00:00 UTC", notebooks)
        assert book.dump(gradebook) == once
        assert book.merged_fingerprints(gradebook, assignment)["twice"] == "f1"


def test_a_failed_merge_leaves_no_trace_of_the_student(recorded_course):
    context, assignment = recorded_course
    notebooks = _result(context, assignment, 1.0)
    notebooks[assignment]["grades"]["no_such_cell"] = 1.0
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        before = book.dump(gradebook)
        with pytest.raises(Exception):  # noqa: B017 - nbgrader raises MissingEntry
            book.merge(gradebook, assignment, "half", "f1", None, notebooks)
        assert book.dump(gradebook) == before
        assert "half" not in book.merged_fingerprints(gradebook, assignment)


def test_a_manual_grade_survives_a_regrade(recorded_course):
    context, assignment = recorded_course
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        book.merge(gradebook, assignment, "manual", "f1", None, _result(context, assignment, 0.0))
        cell = next(iter(_result(context, assignment, 0.0)[assignment]["grades"]))
        gradebook.find_grade(cell, assignment, assignment, "manual").manual_score = 0.5
        gradebook.db.commit()
        book.merge(gradebook, assignment, "manual", "f2", None, _result(context, assignment, 1.0))
        grade = gradebook.find_grade(cell, assignment, assignment, "manual")
        assert (grade.auto_score, grade.manual_score, grade.score, grade.needs_manual_grade) == (1.0, 0.5, 0.5, True)


def test_a_late_penalty_computed_by_the_worker_reaches_the_gradebook(recorded_course):
    context, assignment = recorded_course
    notebooks = _result(context, assignment, 1.0)
    notebooks[assignment]["late_submission_penalty"] = 2.0
    with context.gradebook() as gradebook:
        book.ensure_marks_table(gradebook)
        book.merge(gradebook, assignment, "late", "f1", "2026-03-09 09:00:00 UTC", notebooks)
        submission = gradebook.find_submission(assignment, "late")
        assert submission.late_submission_penalty == 2.0
        assert submission.score - submission.late_submission_penalty == len(notebooks[assignment]["grades"]) - 2.0


def _course_grader(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "autograder", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_release_works_on_the_course_named_by_root_and_honours_set(tmp_path):
    import shutil

    assignment = "ch01_handmade_qkv"
    shutil.copytree(ROOT / "source" / assignment, tmp_path / "source" / assignment)
    completed = _course_grader("release", "--root", str(tmp_path),
                               "--set", "CourseDirectory.release_directory=handout")
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / "handout" / assignment / f"{assignment}.ipynb").is_file()
    assert not (tmp_path / "release").exists() and not (tmp_path / "gradebook.db").exists()


def test_release_of_a_missing_assignment_is_one_korean_line_not_a_traceback(tmp_path):
    (tmp_path / "source").mkdir()
    completed = _course_grader("release", "--root", str(tmp_path), "ch09_nothing")
    assert completed.returncode == 2
    assert "Traceback" not in completed.stderr
    assert f"오류: 과제 ch09_nothing이 {tmp_path / 'source'}에 없습니다. 있는 과제: 없음" in completed.stderr


def test_an_empty_gradebook_made_without_alembic_is_the_one_nbgrader_makes(tmp_path, monkeypatch):
    import sqlite3

    from nbgrader.api import Gradebook

    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}:{os.environ['PATH']}")  # where alembic lives
    book.create_empty(f"sqlite:///{tmp_path / 'ours.db'}")
    with Gradebook(f"sqlite:///{tmp_path / 'theirs.db'}"):
        pass  # nbgrader stamps a new database with `alembic heads`, run as a subprocess

    def schema(path: Path):
        with sqlite3.connect(path) as connection:
            tables = sorted(connection.execute("SELECT type, name, sql FROM sqlite_master").fetchall())
            return tables, connection.execute("SELECT version_num FROM alembic_version").fetchall()

    assert schema(tmp_path / "ours.db") == schema(tmp_path / "theirs.db")
    with Gradebook(f"sqlite:///{tmp_path / 'ours.db'}", "course") as gradebook:  # nbgrader opens it as its own
        gradebook.update_or_create_student("s01")
