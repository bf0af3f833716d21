"""What a verdict depends on besides the submission and the source: the course's own modules that decide it and
the versions of the packages they import.

The modules are found by reading imports (``ast``, nothing is imported, so this stays light): from the code that
decides verdicts (:data:`DECIDERS`), every ``import`` of a module of the course's packages is followed, anywhere in
a file, to the course module it names. Imports of other packages are kept as the installed distribution's name and
version, not as site-packages' files (a reinstall of the same pin changes nothing; an upgrade regrades).
"""

from __future__ import annotations

import ast
import importlib.metadata
import sys
from dataclasses import dataclass
from pathlib import Path

COURSE_PACKAGES = ("helpers", "autograder")
# Where verdicts are decided: the grading kernel's package and the parts a notebook is given, the catalogue, and
# the worker's checker.
DECIDERS = ("helpers.grading", "helpers.given", "helpers.misconceptions", "autograder.grading.checker")


@dataclass(frozen=True)
class GradingCode:
    """The course modules a verdict depends on (dotted name, file) and the packages they import
    (distribution name, installed version)."""

    modules: tuple[tuple[str, Path], ...]
    distributions: tuple[tuple[str, str], ...]


def grading_code(packages: dict[str, Path]) -> GradingCode:
    """Follow the imports of DECIDERS through the course's packages, each found at `packages[name]` (its folder)."""
    seen: dict[str, Path] = {}
    outside: set[str] = set()
    todo = [name for decider in DECIDERS for name in _package_modules(decider, packages)]
    while todo:
        module = todo.pop()
        path = _module_file(module, packages)
        if module in seen or path is None:
            continue
        seen[module] = path
        for imported in _imports(path, module):
            top = imported.split(".")[0]
            if top in COURSE_PACKAGES:
                todo.append(imported)  # a package's import loads its __init__ alone
            elif top not in sys.stdlib_module_names:
                outside.add(top)
    modules = tuple(sorted((name, path) for name, path in seen.items()))
    providers = importlib.metadata.packages_distributions()
    return GradingCode(modules, tuple(sorted({_distribution(top, providers) for top in outside})))


def _module_file(module: str, packages: dict[str, Path]) -> Path | None:
    top, *rest = module.split(".")
    base = packages[top].joinpath(*rest)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None  # a name imported from a module (`from helpers.reference import MASK_FILL`): its module counts


def _is_package(module: str, packages: dict[str, Path]) -> bool:
    top, *rest = module.split(".")
    return (packages[top].joinpath(*rest) / "__init__.py").is_file()


def _package_modules(module: str, packages: dict[str, Path]) -> list[str]:
    """A package's own modules (and its subpackages', all of them load with it), or the module alone."""
    if not _is_package(module, packages):
        return [module]
    top, *rest = module.split(".")
    folder = packages[top].joinpath(*rest)
    return [".".join([module, *path.relative_to(folder).with_suffix("").parts]).removesuffix(".__init__")
            for path in sorted(folder.rglob("*.py"))]


def _imports(path: Path, module: str) -> list[str]:
    """Every module `path` imports, with `from X import Y` as both X and X.Y (Y may be a module)."""
    names: list[str] = []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node, package)
            names += [base, *(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")]
    return names


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
    return f"{parent}.{node.module}" if node.module else parent


def _distribution(top: str, providers: dict[str, list[str]]) -> tuple[str, str]:
    """(distribution, version) of an importable top-level name; the name alone when nothing installed provides it."""
    if top not in providers:
        return top, "not installed"
    return providers[top][0], importlib.metadata.version(providers[top][0])
