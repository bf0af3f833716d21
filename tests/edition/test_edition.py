"""The student edition (`python course.py edition`): what goes in, what never does, and that it works alone.

The edition is built once, by the command itself, into a temporary folder. Its lectures run and its Validate
works with the edition's own helpers package, not this repository's (which .venv has installed editable):
every process and kernel gets PYTHONPATH=<edition>, which Python searches before the editable install's
finder, and each run checks where `helpers` came from.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import packages_distributions
from pathlib import Path

import nbformat
import pytest
from course_testing import source_solutions, write_student_notebook
from nbclient import NotebookClient
from test_pins import LEFT_OUT, _declared_requirements, _pins, normalise, pyproject_pins, requirements_pins

from helpers.paths import ROOT

LECTURES = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
TOP_LEVEL = {".git", ".gitignore", "README.md", "course.py", "environment.yml", "helpers", "jupyter",
             "nbgrader_config.py", "notebooks", "pyproject.toml", "release", "requirements.txt"}
INSTRUCTOR_ONLY = {"source", "autograder", "tests", "fixtures", "benchmarks", ".ci", "Makefile", "instructor",  # tools
                   "submitted", "autograded", "feedback", "reports", "exchange", "gradebook.db"}  # class data
MARKERS = (b"BEGIN SOLUTION", b"BEGIN HIDDEN TESTS")


def _build(folder: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "course.py"), "edition", "--to", str(folder), *options],
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("edition") / "attention-course-student"
    built = _build(folder, "--zip")
    assert built.returncode == 0, built.stdout + built.stderr
    return folder


def _files(edition: Path) -> list[Path]:
    """Every file of the edition's working tree (not its .git)."""
    return sorted(path for path in edition.rglob("*")
                  if path.is_file() and ".git" not in path.relative_to(edition).parts)


def _edition_environment(edition: Path) -> dict[str, str]:
    """The environment of a process (and the kernels it starts) that must import the edition's helpers."""
    environment = dict(os.environ, PYTHONPATH=str(edition), PYTHONIOENCODING="utf-8")
    environment.pop("MPLBACKEND", None)
    return environment


def _edition_pins(edition: Path) -> dict[str, str]:
    return _pins((edition / "requirements.txt").read_text(encoding="utf-8").splitlines())


# ---------------------------------------------------------------- what is in it
def test_the_edition_holds_the_student_files_only(edition):
    assert {path.name for path in edition.iterdir()} == TOP_LEVEL
    for path in _files(edition):
        relative = path.relative_to(edition)
        assert not INSTRUCTOR_ONLY & set(relative.parts), relative
    lectures_and_glossary = sorted([*LECTURES, "GLOSSARY.md"])  # the course's words go to students too
    assert sorted(path.name for path in (edition / "notebooks").iterdir()) == lectures_and_glossary
    assert sorted(path.name for path in (edition / "release").iterdir()) == sorted(
        path.name for path in (ROOT / "release").iterdir())
    assert (edition / "README.md").read_bytes() == (ROOT / "edition" / "README.md").read_bytes()
    assert (edition / "course.py").read_bytes() == (ROOT / "course.py").read_bytes()
    assert os.access(edition / "course.py", os.X_OK)


def test_no_file_nor_commit_of_the_edition_holds_solutions_or_hidden_tests(edition):
    marked = [path for path in _files(edition) if any(marker in path.read_bytes() for marker in MARKERS)]
    assert not marked
    with zipfile.ZipFile(edition.with_name(f"{edition.name}.zip")) as bundle:
        assert not [name for name in bundle.namelist() if any(marker in bundle.read(name) for marker in MARKERS)]
    commits = subprocess.run(["git", "-C", str(edition), "rev-list", "--all"], capture_output=True, text=True,
                             check=True).stdout.split()
    found = subprocess.run(["git", "-C", str(edition), "grep", "-l", "-e", "BEGIN SOLUTION", "-e", "BEGIN HIDDEN TESTS",
                            *commits], capture_output=True, text=True)
    assert commits and found.returncode == 1 and not found.stdout  # 1: git grep found nothing


def test_the_zip_holds_the_edition_under_its_folder_name(edition):
    with zipfile.ZipFile(edition.with_name(f"{edition.name}.zip")) as bundle:
        names = sorted(bundle.namelist())
    assert names == sorted(f"{edition.name}/{path.relative_to(edition).as_posix()}" for path in _files(edition))


def test_a_rebuild_commits_on_top_and_a_foreign_folder_is_refused(edition, tmp_path):
    before = subprocess.run(["git", "-C", str(edition), "rev-list", "--count", "HEAD"], capture_output=True,
                            text=True, check=True).stdout
    (edition / "left_over.txt").write_text("지난 학기의 파일", encoding="utf-8")
    rebuilt = _build(edition)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert not (edition / "left_over.txt").exists()
    status = subprocess.run(["git", "-C", str(edition), "status", "--porcelain"], capture_output=True, text=True,
                            check=True).stdout
    count = subprocess.run(["git", "-C", str(edition), "rev-list", "--count", "HEAD"], capture_output=True, text=True,
                           check=True).stdout
    assert not status and count == before  # nothing changed, so no new commit

    (tmp_path / "notes.txt").write_text("강사의 메모", encoding="utf-8")
    refused = _build(tmp_path)
    assert refused.returncode != 0 and "다른 파일이 있습니다" in refused.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt"]


def test_the_edition_course_py_offers_the_student_commands_only(edition):
    for argv in ([], ["test"], ["release"], ["edition"]):
        shown = subprocess.run([sys.executable, str(edition / "course.py"), *argv], capture_output=True, text=True,
                               timeout=60)
        assert shown.returncode == 2 and "python course.py lab" in shown.stdout, argv
    assert not (edition / ".venv").exists()


# ---------------------------------------------------------------- what it installs
def test_the_edition_pyproject_packages_helpers_alone_with_the_student_pins(edition, tmp_path):
    text = (edition / "pyproject.toml").read_text(encoding="utf-8")
    assert "autograder" not in text
    project = tomllib.loads(text)["project"]
    assert "scripts" not in project and "optional-dependencies" not in project
    repository = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["dependencies"] == repository["dependencies"]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(tmp_path), str(edition)], check=True, capture_output=True, timeout=300)
    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as contents:
        names = contents.namelist()
    assert {name.split("/")[0] for name in names if ".dist-info/" not in name} == {"helpers"}
    assert not [name for name in names if name.endswith("entry_points.txt")]


def test_the_edition_lock_is_the_repository_lock_cut_to_what_the_student_packages_need(edition):
    edition_pins, repository_pins = _edition_pins(edition), requirements_pins()
    assert {name: repository_pins.get(name) for name in edition_pins} == edition_pins
    student = _pins(tomllib.loads((edition / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"])
    assert {name: edition_pins.get(name) for name in student} == student
    missing = [f"{name} → {requirement}" for name in edition_pins for requirement in _declared_requirements(name)
               if normalise(requirement.name) not in set(edition_pins) | LEFT_OUT.get(name, set())]
    assert not missing
    assert not {"dask", "distributed", "psycopg", "pytest", "playwright", "ruff"} & set(edition_pins)
    environment = _pins((edition / "environment.yml").read_text(encoding="utf-8").splitlines())
    assert environment == student and set(student) < set(pyproject_pins())


# ---------------------------------------------------------------- it works alone
BEFORE = "import sys as _sys\n_modules_before = set(_sys.modules)"
WHERE = ("import json as _json, helpers as _helpers\n"
         "print(_json.dumps({'helpers': _helpers.__file__, 'imported': sorted(set(_sys.modules) - _modules_before)}))")


@pytest.mark.slow
@pytest.mark.parametrize("lecture", LECTURES)
def test_every_lecture_runs_from_the_edition_alone(edition, lecture):
    """The lecture runs with the edition's helpers, and whatever it imports is installed by the edition's lock."""
    path = edition / "notebooks" / lecture
    notebook = nbformat.read(path, as_version=4)
    notebook.cells = [nbformat.v4.new_code_cell(BEFORE), *notebook.cells, nbformat.v4.new_code_cell(WHERE)]
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute(env=_edition_environment(edition))
    report = json.loads(notebook.cells[-1].outputs[0]["text"])
    assert Path(report["helpers"]).is_relative_to(edition), report["helpers"]
    distributions = packages_distributions()
    needed = {normalise(name) for module in report["imported"] for name in distributions.get(module.split(".")[0], [])}
    assert not needed - set(_edition_pins(edition)) - {"attention-course"}  # attention-course: the helpers package


def _validate(edition: Path, notebook: Path) -> str:
    """What `nbgrader validate` prints for `notebook`, run in the edition's folder (its nbgrader_config.py)."""
    done = subprocess.run([sys.executable, "-m", "nbgrader", "validate", str(notebook)], cwd=edition,
                          env=_edition_environment(edition), capture_output=True, text=True, timeout=600)
    return done.stdout + done.stderr


@pytest.mark.slow
def test_validate_works_from_the_edition(edition, tmp_path):
    """A right answer passes and a wrong one shows the Korean diagnosis; the answers import the edition's helpers.
    (The right answers are the source solutions, taken here from this repository, never put in the edition.)"""
    assignment = "ch01_handmade_qkv"
    release = edition / "release" / assignment / f"{assignment}.ipynb"
    answers = source_solutions(assignment)
    first = next(iter(answers))
    answers[first] = f"import helpers\nassert helpers.__file__.startswith({str(edition)!r}), helpers.__file__\n" + (
        answers[first])
    (tmp_path / "right").mkdir()
    (tmp_path / "wrong").mkdir()
    right = write_student_notebook(release, answers, tmp_path / "right")
    wrong = write_student_notebook(release, {**answers, "dot_scores": "def dot_scores(Q, K):\n    return Q @ K\n"},
                                   tmp_path / "wrong")
    passed = _validate(edition, right)
    assert "Success! Your notebook passes all the tests." in passed, passed[-3000:]
    failed = _validate(edition, wrong)
    assert "VALIDATION FAILED" in failed and "[진단: dot_scores/no_transpose]" in failed, failed[-3000:]


@pytest.mark.slow
def test_course_py_check_validates_a_notebook_by_its_path(tmp_path):
    release = ROOT / "release" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"
    wrong = write_student_notebook(release, {"dot_scores": "def dot_scores(Q, K):\n    return Q @ K\n"}, tmp_path)
    checked = subprocess.run([sys.executable, str(ROOT / "course.py"), "check", str(wrong)], capture_output=True,
                             text=True, timeout=600)
    assert "[진단: dot_scores/no_transpose]" in checked.stdout + checked.stderr, checked.stdout[-3000:]
