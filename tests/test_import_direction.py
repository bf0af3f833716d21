"""Imports run downhill: helpers ← autograder's course and sandbox ← its grading run, class server and similarity
review ← its commands. A module imports only from its own package and from packages below it, and each
autograder subpackage's __init__ says its job (the sandbox's says nothing more: the kernel template
imports as little as possible). Across a process boundary the two sides (:data:`SIDES`) import nothing of each
other, only what both use. A chapter's module (``chNN``) imports no other chapter module: what two chapters
share lives in a module of its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from helpers.paths import ROOT

# The packages, lowest first; a package may import from its own rank only within itself.
RANKS = {
    "helpers": 0,  # chapters, reference, data, plotting
    "helpers.misconceptions": 1,
    "helpers.grading": 2,
    "autograder.course": 3,
    "autograder.sandbox": 3,
    "autograder.grading": 4,
    "autograder.hub": 4,
    "autograder.similarity": 4,
    "autograder": 5,  # one module per command
}
# Modules (or packages) on one side of a process boundary; what is not listed runs on both sides or outside them.
SIDES = {
    # the kernel template's process and the kernels it forks; the worker starts it and sends it a KernelPlan
    "autograder.sandbox.template": "kernel template",
    "autograder.sandbox.output": "kernel template",
    "autograder.sandbox.kernels": "grading worker",
    "autograder.sandbox.policy": "grading worker",
    "autograder.sandbox.template_handle": "grading worker",
    # the checker's channel: the kernel's agent answers, the worker's checker asks and judges (both use wire, sealing)
    "helpers.grading.agent": "student's kernel",
    "autograder.grading.checker": "grading worker",
    "autograder.grading.worker": "grading worker",
    "autograder.course.authorship": "grading worker",
}
CHAPTER_MODULE = re.compile(r"ch\d\d")
SUBPACKAGES = ("autograder.course", "autograder.grading", "autograder.sandbox", "autograder.hub",
               "autograder.similarity")


def package_of(module: str) -> str | None:
    """The package of RANKS a dotted module name belongs to (None outside helpers and autograder)."""
    parts = module.split(".")
    for size in (2, 1):
        if ".".join(parts[:size]) in RANKS:
            return ".".join(parts[:size])
    return None


def imported_modules(path: Path) -> set[str]:
    """Every helpers/autograder module `path` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found |= {f"{node.module}.{alias.name}" for alias in node.names} | {node.module}
    return {name for name in found if package_of(name)}


def modules() -> list[tuple[str, Path]]:
    paths = sorted([*(ROOT / "helpers").rglob("*.py"), *(ROOT / "autograder").rglob("*.py")])
    return [(".".join(path.relative_to(ROOT).with_suffix("").parts), path) for path in paths]


@pytest.mark.parametrize(("module", "path"), modules(), ids=[name for name, _ in modules()])
def test_a_module_imports_only_from_its_own_package_and_those_below(module, path):
    own = package_of(module)
    upward = sorted(name for name in imported_modules(path)
                    if package_of(name) != own and RANKS[package_of(name)] >= RANKS[own])
    assert not upward, f"{module} ({own}) imports from a package not below it: {upward}"


def test_the_check_sees_an_upward_import(tmp_path):
    stray = tmp_path / "stray.py"
    stray.write_text("def later():\n    from autograder.grading.plan import plan_run\n", encoding="utf-8")
    assert {package_of(name) for name in imported_modules(stray)} == {"autograder.grading"}
    assert RANKS["autograder.grading"] >= RANKS["autograder.course"]  # so a course module doing this fails


def side_of(module: str) -> str | None:
    """The side of a process boundary `module` runs on (None: both, or neither)."""
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        if ".".join(parts[:size]) in SIDES:
            return SIDES[".".join(parts[:size])]
    return None


@pytest.mark.parametrize(("module", "path"), modules(), ids=[name for name, _ in modules()])
def test_a_module_imports_nothing_of_the_other_side_of_its_process_boundary(module, path):
    side = side_of(module)
    crossing = sorted(name for name in imported_modules(path) if side and side_of(name) not in (None, side))
    assert not crossing, f"{module} runs in the {side} but imports {crossing}: move what both use out of either side"


def test_the_check_sees_a_module_crossing_its_boundary(tmp_path):
    stray = tmp_path / "template.py"
    stray.write_text("from autograder.sandbox.kernel_plan import KernelPlan\n"
                     "from autograder.sandbox.policy import kernel_environment\n", encoding="utf-8")
    sides = {side_of(name) for name in imported_modules(stray)}
    assert sides == {None, "grading worker"} and side_of("autograder.sandbox.template") == "kernel template"


def test_every_listed_side_exists():
    names = {module for module, _ in modules()} | {module.removesuffix(".__init__") for module, _ in modules()}
    assert set(SIDES) <= names


def chapter_modules_imported(path: Path) -> list[str]:
    """The chapter modules (``….chNN``) among what `path` imports."""
    return sorted(name for name in imported_modules(path) if CHAPTER_MODULE.fullmatch(name.split(".")[-1]))


CHAPTERS = [(module, path) for module, path in modules() if CHAPTER_MODULE.fullmatch(module.split(".")[-1])]


@pytest.mark.parametrize(("module", "path"), CHAPTERS, ids=[name for name, _ in CHAPTERS])
def test_a_chapter_module_imports_no_other_chapter_module(module, path):
    assert not chapter_modules_imported(path), f"{module} imports another chapter's module: share through a module" \
        " of its own (helpers/grading/padding.py is one)"


def test_the_check_sees_a_chapter_importing_another(tmp_path):
    stray = tmp_path / "ch06.py"
    stray.write_text("from helpers.grading.ch05 import lecture_heads_output\nfrom helpers.grading.padding import "
                     "mask_of_form\n", encoding="utf-8")
    assert chapter_modules_imported(stray) == ["helpers.grading.ch05"]


@pytest.mark.parametrize("package", SUBPACKAGES)
def test_each_subpackage_says_its_job_and_where_it_runs(package):
    tree = ast.parse((ROOT / package.replace(".", "/") / "__init__.py").read_text(encoding="utf-8"))
    docstring = ast.get_docstring(tree) or ""
    assert "process" in docstring and len(docstring.split()) > 20, docstring
    if package == "autograder.sandbox":
        assert len(tree.body) == 1, "the sandbox's __init__ holds its docstring only"
