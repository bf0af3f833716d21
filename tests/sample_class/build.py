"""Build the sample class of manifest.toml into a course folder, from the real source notebooks.

    course = make_course(tmp_path, ["ch01_handmade_qkv", "ch02_scaling"])
    expected = add_class(course, ["ch01_handmade_qkv", "ch02_scaling"])   # {(student, assignment): Expected}

The release is generated fresh from source/ with nbgrader (autograder.release), so the
submissions are exactly what students would have been handed. Also used by
benchmarks/grade_speed.py, which replicates the class (``copies``).
"""

from __future__ import annotations

import copy
import json
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from autograder.course.notebook import cell_source, nbgrader_metadata, read_notebook
from autograder.course.secret import SECRET_FILE
from helpers.paths import ROOT

HERE = Path(__file__).resolve().parent
MANIFEST = HERE / "manifest.toml"


@dataclass(frozen=True)
class Expected:
    student: str
    assignment: str
    make: str
    outcome: str  # "graded" or "failed"
    score: float | None  # total points when graded
    max_score: float
    reason: str = ""
    flag: str = ""
    last_test: str = ""  # grade_id of the last exercise's test cell
    failing_test: str = ""  # grade_id of the one test cell that must fail ("" when none or all do)


def manifest() -> dict[str, dict]:
    return tomllib.loads(MANIFEST.read_text(encoding="utf-8"))["students"]


# The cell timeout a test grades the class with: the loop student spins this long (a core's worth) in each
# assignment, and an honest cell takes under a second (0.3 s at most in the sandbox, measured on ch01, ch02, ch05
# and ch06; a fresh kernel without the sandbox imports torch in its first cell, a few seconds on a busy machine).
CELL_TIMEOUT = 12
TEST_SECRET = bytes(range(32))  # a test course's secret; a real course's is random (autograder/course/secret.py)


def make_course(folder: Path, assignments: list[str], *, release: bool = True) -> Path:
    """A course root with source/ copied from this repository and release/ generated from it."""
    from autograder.course.context import CourseContext
    from autograder.release import generate_release

    folder = Path(folder)
    for assignment in assignments:
        shutil.copytree(ROOT / "source" / assignment, folder / "source" / assignment, dirs_exist_ok=True)
    shutil.copy(ROOT / "nbgrader_config.py", folder / "nbgrader_config.py")
    secret = folder / SECRET_FILE  # fixed, so that every test run grades on the same hidden cases
    secret.write_bytes(TEST_SECRET)
    secret.chmod(0o600)
    if release:
        generate_release(CourseContext(folder), assignments)
    return folder


def _solutions(source: dict) -> dict[str, str]:
    return {nbgrader_metadata(c)["grade_id"]: cell_source(c) for c in source["cells"]
            if nbgrader_metadata(c).get("solution")}


def _order(release: dict) -> list[str]:
    return [nbgrader_metadata(c)["grade_id"] for c in release["cells"] if nbgrader_metadata(c).get("solution")]


def _test_points(release: dict) -> dict[str, float]:
    return {nbgrader_metadata(c)["grade_id"]: float(nbgrader_metadata(c).get("points", 0)) for c in release["cells"]
            if nbgrader_metadata(c).get("grade") and not nbgrader_metadata(c).get("solution")}


def _set(notebook: dict, grade_id: str, text: str) -> None:
    for cell in notebook["cells"]:
        if nbgrader_metadata(cell).get("grade_id") == grade_id:
            cell["source"] = text
            return
    raise KeyError(grade_id)


def make_notebook(kind: str, source: dict, release: dict, wrong_first: str = "") -> dict | bytes:
    """The notebook a student of kind `kind` hands in (bytes for the corrupt one); `wrong_first` is the
    first solution cell of the kind "wrong_part"."""
    if kind == "corrupt":
        return (HERE / "corrupt.ipynb.part").read_bytes()
    notebook = copy.deepcopy(release)
    if kind == "unfilled":
        return notebook
    solutions, order = _solutions(source), _order(release)
    first, last = order[0], order[-1]
    for grade_id in order:
        _set(notebook, grade_id, solutions[grade_id])
    wrong_last = f"def {last}(*args, **kwargs):\n    return None\n"
    if kind in {"partly", "deleted_test", "edited_test", "tamper"}:
        _set(notebook, last, wrong_last)
    if kind == "loop":
        _set(notebook, last, "while True:\n    pass\n\n" + solutions[last])
    elif kind == "exit":
        _set(notebook, first, "import os\nos._exit(1)\n\n" + solutions[first])
    elif kind == "flood":
        _set(notebook, first, solutions[first] + "\n\nfor _i in range(1_000_000):\n    print(_i)\n")
    elif kind == "deleted_test":
        notebook["cells"] = [c for c in notebook["cells"] if nbgrader_metadata(c).get("grade_id") != f"test_{last}"]
    elif kind == "edited_test":
        _set(notebook, f"test_{last}", "pass  # 테스트는 지웠습니다\n")
    elif kind == "warning":
        _set(notebook, first, solutions[first] + (
            "\n\nimport warnings as _warnings\n"
            f"_{first}_quietly = {first}\n\n"
            f"def {first}(*args, **kwargs):\n"
            "    _warnings.warn(\"이 방법은 느릴 수 있습니다\", UserWarning, stacklevel=2)\n"
            f"    return _{first}_quietly(*args, **kwargs)\n"))
    elif kind == "tamper":
        _set(notebook, last, "import torch\ntorch.allclose = lambda *args, **kwargs: True\n\n" + wrong_last)
    elif kind == "wrong_part":
        _set(notebook, first, wrong_first)
    elif kind not in {"correct", "partly", "misnamed"}:
        raise ValueError(f"unknown sample kind {kind!r}")
    return notebook


def expectation(student: str, assignment: str, entry: dict, release: dict) -> Expected:
    points = _test_points(release)
    total = sum(points.values())
    last_test = f"test_{_order(release)[-1]}"
    first_test = f"test_{_order(release)[0]}"
    score = {"full": total, "last_wrong": total - points[last_test], "first_wrong": total - points[first_test],
             "zero": 0.0, "failed": None}[entry["expect"]]
    outcome = "failed" if entry["expect"] == "failed" else "graded"
    return Expected(student, assignment, entry["make"], outcome, score, total, entry.get("reason", ""),
                    entry.get("flag", ""), last_test,
                    {"last_wrong": last_test, "first_wrong": first_test}.get(entry["expect"], ""))


def add_class(course: Path, assignments: list[str], *, copies: int = 1, students: list[str] | None = None,
              timestamp: str = "2026-03-02 09:00:00.000000 UTC") -> dict[tuple[str, str], Expected]:
    """Write the manifest's submissions under course/submitted/; returns what grading must conclude.

    With copies > 1 every student is replicated as <student>_r<n> (the benchmark's bigger class).
    """
    course = Path(course)
    expected = {}
    for assignment in assignments:
        source = read_notebook(course / "source" / assignment / f"{assignment}.ipynb")
        release = read_notebook(course / "release" / assignment / f"{assignment}.ipynb")
        for student, entry in manifest().items():
            if students is not None and student not in students:
                continue
            if "only" in entry and assignment not in entry["only"]:
                continue
            fixture = ROOT / "tests" / "fixtures" / assignment / "wrong" / f"{entry.get('fixture')}.py"
            content = make_notebook(entry["make"], source, release,
                                    fixture.read_text(encoding="utf-8") if "fixture" in entry else "")
            for copy_index in range(copies):
                student_id = student if copies == 1 else f"{student}_r{copy_index + 1}"
                folder = course / "submitted" / student_id / assignment
                folder.mkdir(parents=True, exist_ok=True)
                name = "Untitled.ipynb" if entry["make"] == "misnamed" else f"{assignment}.ipynb"
                data = content if isinstance(content, bytes) else json.dumps(content, ensure_ascii=False, indent=1)
                (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
                (folder / "timestamp.txt").write_text(timestamp, encoding="utf-8")
                expected[(student_id, assignment)] = expectation(student_id, assignment, entry, release)
    return expected
