"""One ROOT: helpers/paths.py says where the course is, and every tool (course.py included) takes it from there."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from helpers.paths import ROOT

TOOLS = [ROOT / "course.py", *sorted((ROOT / "helpers").rglob("*.py")), *sorted((ROOT / "autograder").rglob("*.py")),
         *sorted((ROOT / "edition").rglob("*.py"))]
# the suite's own modules; a script that puts the course on sys.path before it can import helpers (an answer set's
# verify.py, run alone) has to find the course itself
TEST_MODULES = [path for path in sorted((ROOT / "tests").rglob("*.py"))
                if "sys.path.insert" not in path.read_text(encoding="utf-8")]


def _defines_a_root_from_its_own_file(path: Path) -> bool:
    """True when `path` assigns a name ending in ROOT, or REPO, from `__file__` (a second answer to "where is the
    course")."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [t.id for t in node.targets if isinstance(t, ast.Name)] if isinstance(node, ast.Assign) else []
        if any(name.endswith("ROOT") or name == "REPO" for name in names):
            if any(isinstance(n, ast.Name) and n.id == "__file__" for n in ast.walk(node.value)):
                return True
    return False


def test_the_course_root_is_the_folder_of_course_py():
    assert (ROOT / "course.py").is_file() and (ROOT / "helpers" / "paths.py").is_file()


def test_no_tool_but_helpers_paths_works_out_the_root_itself():
    others = [path.relative_to(ROOT).as_posix() for path in TOOLS
              if path != ROOT / "helpers" / "paths.py" and _defines_a_root_from_its_own_file(path)]
    assert not others, f"ROOT is worked out again here instead of imported from helpers.paths: {others}"


def test_no_test_module_works_out_the_root_itself():
    others = [path.relative_to(ROOT).as_posix() for path in TEST_MODULES if _defines_a_root_from_its_own_file(path)]
    assert not others, f"ROOT is worked out again here instead of imported from helpers.paths: {others}"


def test_course_py_starts_with_no_installed_package_from_another_folder(tmp_path):
    """course.py runs before .venv exists: with site-packages off (-S) and another working folder it still
    imports its ROOT and prints its usage."""
    done = subprocess.run([sys.executable, "-S", str(ROOT / "course.py")], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "python course.py lab" in done.stdout
