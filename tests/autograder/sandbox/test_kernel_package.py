"""The helpers package a grading kernel sees (autograder.sandbox.kernel_package): for each assignment, none of
the functions it grades and none of the checker's code, but every part its notebook is given."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import helpers
from autograder.course.notebook import cell_source, read_notebook
from autograder.sandbox.kernel_package import KERNEL_SIDE, LECTURE_VALUES, REBUILT, build, graded_and_given
from helpers.grading.core import assignments

ASSIGNMENTS = sorted(assignments())


def _defined(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}


@pytest.fixture(scope="module", params=ASSIGNMENTS)
def view(request, tmp_path_factory):
    return request.param, build(tmp_path_factory.mktemp(request.param) / "helpers", request.param)


def test_the_kernels_reference_defines_no_function_the_assignment_grades(view):
    assignment, folder = view
    graded, _ = graded_and_given(assignment)
    assert not _defined(folder / "reference.py") & graded


def test_every_given_part_of_the_assignment_is_there_and_no_other(view):
    assignment, folder = view
    _, given = graded_and_given(assignment)
    assert given <= _defined(folder / "reference.py")
    tree = ast.parse((folder / "given.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert imported == given


def test_the_checkers_own_modules_are_stubs_that_say_it_is_the_answer_key(view):
    _, folder = view
    stubs = [path for path in folder.rglob("*.py") if path.relative_to(folder).as_posix() not in KERNEL_SIDE
             and path.name not in ("reference.py", "given.py")]
    assert any(path.relative_to(folder).as_posix() == "grading/core.py" for path in stubs)
    for path in stubs:
        assert "정답(기준 구현)" in path.read_text(encoding="utf-8")
        lecture = set(LECTURE_VALUES.get(path.relative_to(folder).as_posix(), ()))
        assert not _defined(path) - {"AnswerKeyRemoved", "__getattr__", "check_example", "_lecture_value"} - lecture


def test_a_template_that_preloads_the_reference_is_refused():
    held = subprocess.run([sys.executable, "-c", "import helpers.reference\n"
                           "from autograder.sandbox.template import answer_key_modules\nprint(answer_key_modules())"],
                          capture_output=True, text=True, check=True).stdout
    assert "reference.py" in held


def _imported_at_load(path) -> set[str]:
    """The course modules `path` imports when it is loaded (its module-level imports), as package-relative files."""
    package = Path(helpers.__file__).parent
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "helpers":
            base = node.module.split(".")[1:]
            for alias in node.names:
                for parts in (base + [alias.name], base):
                    for candidate in ("/".join(parts) + ".py", "/".join([*parts, "__init__.py"])):
                        if parts and (package / candidate).is_file():
                            found.add(candidate)
                            break
                    else:
                        continue
                    break
    return found


def test_every_module_the_kernel_side_loads_is_kernel_side_too():
    """A kernel-side module that imports a stubbed one at load time stops the grading template from starting
    (every submission then fails), as helpers.korean and helpers.grading.rules did when they were new."""
    package = Path(helpers.__file__).parent
    missing = {(module, needed) for module in KERNEL_SIDE for needed in _imported_at_load(package / module)
               if needed not in KERNEL_SIDE and needed not in REBUILT}
    assert not missing


def _imports_from_the_checkers_modules(notebook: Path) -> set[tuple[str, str]]:
    """(module file, name) of every ``from helpers.grading.<module> import <name>`` in the notebook's cells."""
    found = set()
    for cell in read_notebook(notebook)["cells"]:
        if cell.get("cell_type") != "code":
            continue
        for node in ast.walk(ast.parse(cell_source(cell))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("helpers.grading."):
                module = node.module.removeprefix("helpers.").replace(".", "/") + ".py"
                found |= {(module, alias.name) for alias in node.names}
    return found


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_what_a_notebook_imports_from_the_checkers_modules_a_grading_kernel_has_as_values(assignment):
    """The notebook's own setup cell runs in the grading kernel too: an import of the answer key's module failed
    there, so the feedback of every student showed the course's setup cell refused and its tests' NameErrors."""
    notebook = Path(helpers.__file__).parents[1] / "release" / assignment / f"{assignment}.ipynb"
    imported = _imports_from_the_checkers_modules(notebook)
    assert {(module, name) for module, name in imported if name not in LECTURE_VALUES.get(module, {})} == set()


def test_the_lecture_values_in_a_grading_kernel_are_the_lectures(tmp_path):
    from helpers.grading.ch03 import lecture_qkv
    from helpers.grading.ch07 import lecture_hidden

    build(tmp_path / "helpers", "ch07_pretrained_attention")
    script = ("import torch, sys\nfrom helpers.grading.ch03 import lecture_qkv\n"
              "from helpers.grading.ch07 import lecture_hidden\n"
              "torch.save([lecture_qkv(), lecture_hidden(0), lecture_hidden()], sys.argv[1])\n")
    subprocess.run([sys.executable, "-c", script, str(tmp_path / "seen.pt")], check=True, cwd=tmp_path,
                   env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    qkv, hidden, hidden_default = torch.load(tmp_path / "seen.pt", weights_only=True)
    assert all(torch.equal(seen, real) for seen, real in zip(qkv, lecture_qkv(), strict=True))
    assert torch.equal(hidden, lecture_hidden(0)) and torch.equal(hidden_default, lecture_hidden(0))


def test_a_lecture_value_for_arguments_no_notebook_passes_is_refused_as_the_answer_key(tmp_path):
    build(tmp_path / "helpers", "ch07_pretrained_attention")
    refused = subprocess.run([sys.executable, "-c", "from helpers.grading.ch07 import lecture_hidden\n"
                              "lecture_hidden(3)"], capture_output=True, text=True, cwd=tmp_path,
                             env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert "AnswerKeyRemoved" in refused.stderr and "정답(기준 구현)" in refused.stderr
