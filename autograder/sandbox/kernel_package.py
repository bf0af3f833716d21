"""The ``helpers`` package a grading kernel sees: a built copy without the answer key.

A kernel that course-grader grades belongs to the student, so whatever it can import or read is theirs to
call in place of their own code. The copy this module builds is bound over the helpers folder in the sandbox
(:mod:`autograder.sandbox.kernels`), so that for the assignment graded:

- ``helpers/reference.py`` is rebuilt from the course's: only the definitions the notebook is handed (its
  exercises' ``allowed`` parts) and those :mod:`helpers.data` builds with, with the definitions they need;
  never a function the assignment grades. Any other name raises :class:`AnswerKeyRemoved` with a Korean line;
- ``helpers/given.py`` re-exports only the assignment's own given parts;
- ``helpers.grading`` keeps its kernel side only (:data:`KERNEL_SIDE`: the agent that runs the student's
  function for the checker, and what it imports); the checker's own modules (core, the chapters' cases,
  probes, misconceptions) are stubs that raise the same line, so the student's code cannot answer for it.

Validate's kernel and stock nbgrader run with the whole package: their judge lives in the kernel.
"""

from __future__ import annotations

import ast
import atexit
import inspect
import shutil
import tempfile
from pathlib import Path

import helpers

# helpers' modules a grading kernel runs as they are (paths relative to the package folder)
KERNEL_SIDE = frozenset({
    "__init__.py", "chapters.py", "data.py", "digests.py", "plotting.py", "kernel_fork.py", "korean.py",
    "fresh_import.py",
    "grading/__init__.py", "grading/agent.py", "grading/sealing.py", "grading/wire.py", "grading/guard.py",
    "grading/trusted.py", "grading/verdict.py", "grading/draw.py", "grading/rules.py",
})
REBUILT = ("reference.py", "given.py")
# Functions of the checker's chapter modules that a notebook's own cells call for the lecture's tensors (module →
# function → the argument tuples the notebooks pass, defaults included). They need the answer key to compute, so
# a grading kernel gets their values instead: computed here, saved beside the stub, returned by a function of the
# same signature. tests/autograder/sandbox/test_kernel_package.py holds every notebook's import to this table.
LECTURE_VALUES = {"grading/ch03.py": {"lecture_qkv": [()]},
                  "grading/ch07.py": {"lecture_hidden": [(0,)]}}
VALUES_FILE = "lecture_values.pt"
REMOVED_LINE = ("{what}: 이 과제의 정답(기준 구현)이라 채점하는 커널에서는 쓸 수 없습니다. "
                "직접 작성한 함수를 쓰세요.")
_REFUSAL = f'''

class AnswerKeyRemoved(ImportError):
    """A name of the answer key, which this grading kernel does not have."""


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    raise AnswerKeyRemoved({REMOVED_LINE!r}.format(what=f"{{__name__}}.{{name}}"))
'''
# what a visible test cell calls: in the grading kernel the checker decides outside it, so it says nothing here
_CORE_STUB = '''

def check_example(name, function):
    """The lecture's example is checked by the grader outside this kernel, with the hidden cases."""
'''

_built: dict[str, Path] = {}


def kernel_package(assignment: str) -> Path:
    """The built helpers folder for kernels graded for `assignment` ("" : for none, so no exercise's key),
    made once per process (removed when it ends)."""
    if assignment not in _built:
        root = Path(tempfile.mkdtemp(prefix="course-kernel-package-"))
        root.chmod(0o755)
        atexit.register(shutil.rmtree, root, True)
        _built[assignment] = build(root / "helpers", assignment)
    return _built[assignment]


def build(target: Path, assignment: str) -> Path:
    """Write the kernel's copy of helpers for `assignment` into `target` and return it."""
    source = Path(helpers.__file__).resolve().parent
    graded, given = graded_and_given(assignment)
    reference = (source / "reference.py").read_text(encoding="utf-8")
    kept = kept_definitions(reference, roots=given | reference_names_used(source / "data.py"), removed=graded)
    missing = given - kept
    if missing:
        raise ValueError(f"{assignment}: the given parts {sorted(missing)} need a function the assignment grades")
    for path in sorted(source.rglob("*.py")):
        relative = path.relative_to(source).as_posix()
        if "__pycache__" in relative:
            continue
        if relative == "reference.py":
            text = reduced_module(reference, kept) + _REFUSAL
        elif relative == "given.py":
            text = given_module(given)
        elif relative in KERNEL_SIDE:
            text = path.read_text(encoding="utf-8")
        else:
            text = '"""Not in a grading kernel: the grader\'s own code."""' + _REFUSAL
            text += _CORE_STUB if relative == "grading/core.py" else ""
            text += _lecture_values(relative, target) if relative in LECTURE_VALUES else ""
        _write(target / relative, text)
    return target


def given_module(given: frozenset[str]) -> str:
    """helpers/given.py re-exporting only `given` from the kernel's reference."""
    imports = f"from helpers.reference import {', '.join(sorted(given))}\n\n" if given else ""
    return f'"""The parts this assignment\'s notebook is given."""\n\n{imports}__all__ = {sorted(given)!r}\n'


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.parent.chmod(0o755)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o644)


def graded_and_given(assignment: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names of the functions `assignment` grades ("" : every assignment's), and the parts its notebook
    is given (an exercise's allowed reference functions)."""
    from helpers.grading.core import assignments, exercises

    names = assignments()
    if assignment and assignment not in names:
        raise ValueError(f"no assignment {assignment!r}; the course's are {sorted(names)}")
    graded = frozenset(names[assignment]) if assignment else frozenset(exercises())
    given = frozenset(part for name in graded for part in exercises()[name].allowed) if assignment else frozenset()
    return graded, given - graded


def reference_names_used(path: Path) -> frozenset[str]:
    """The names a module reads as ``reference.<name>``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                     and isinstance(node.value, ast.Name) and node.value.id == "reference")


def _definitions(tree: ast.Module) -> dict[str, ast.stmt]:
    found = {}
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.ClassDef):
            found[statement.name] = statement
        elif isinstance(statement, ast.Assign | ast.AnnAssign):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found.update({target.id: statement for target in targets if isinstance(target, ast.Name)})
    return found


def _needs(statement: ast.stmt, defined: dict[str, ast.stmt]) -> set[str]:
    return {node.id for node in ast.walk(statement) if isinstance(node, ast.Name) and node.id in defined}


def kept_definitions(text: str, roots: frozenset[str], removed: frozenset[str]) -> frozenset[str]:
    """The top-level names of `text` reachable from `roots` through the names each definition reads, leaving out
    `removed` and every definition that needs one of them."""
    defined = _definitions(ast.parse(text))
    kept, pending = set(), [name for name in roots if name in defined]
    while pending:
        name = pending.pop()
        if name not in kept:
            kept.add(name)
            pending.extend(_needs(defined[name], defined))
    dropped = set(removed)
    while True:
        needing = {name for name in kept - dropped if _needs(defined[name], defined) & dropped}
        if not needing:
            return frozenset(kept - dropped)
        dropped |= needing


def reduced_module(text: str, kept: frozenset[str]) -> str:
    """`text` with its docstring, its imports and the top-level definitions named in `kept`, in their order."""
    tree = ast.parse(text)
    defined = _definitions(tree)
    lines = text.splitlines()
    chunks = []
    for index, statement in enumerate(tree.body):
        docstring = index == 0 and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        keep = docstring or isinstance(statement, ast.Import | ast.ImportFrom) or any(
            defined.get(name) is statement for name in kept)
        if keep:
            first = min([statement.lineno] + [decorator.lineno for decorator in
                                              getattr(statement, "decorator_list", [])])
            chunks.append("\n".join(lines[first - 1:statement.end_lineno]))
    return "\n\n\n".join(chunks) + "\n"


def _lecture_values(relative: str, target: Path) -> str:
    """The stub's functions of LECTURE_VALUES[relative], each returning a copy of the value the real one gives for
    the arguments it is called with; the values are saved as ``<module>_lecture_values.pt`` beside the stub."""
    import importlib

    import torch

    module = importlib.import_module("helpers." + relative.removesuffix(".py").replace("/", "."))
    values, functions = {}, []
    for name, calls in LECTURE_VALUES[relative].items():
        function = getattr(module, name)
        signature = _unannotated(inspect.signature(function))
        for arguments in calls:
            values[name + repr(arguments)] = function(*arguments)
        parameters = ", ".join(signature.parameters)
        summary = (function.__doc__ or name).strip().splitlines()[0]
        functions.append(f"def {name}{signature}:\n    {summary + ' (here: the value the grader computed)'!r}\n"
                         f"    return _lecture_value({name!r}, ({parameters}{',' if parameters else ''}))\n")
    stem = Path(relative).stem
    values_path = target / Path(relative).parent / f"{stem}_{VALUES_FILE}"
    values_path.parent.mkdir(parents=True, exist_ok=True)
    torch.save(values, values_path)
    values_path.chmod(0o644)
    return _lecture_stub(values_path.name) + "\n\n" + "\n\n".join(functions)


def _unannotated(signature: inspect.Signature) -> inspect.Signature:
    """`signature` without annotations (the stub imports none of the names they use)."""
    return signature.replace(return_annotation=inspect.Signature.empty,
                             parameters=[parameter.replace(annotation=inspect.Parameter.empty)
                                         for parameter in signature.parameters.values()])


def _lecture_stub(values_file: str) -> str:
    return f'''

import torch as _torch
from pathlib import Path as _Path

_VALUES = _torch.load(_Path(__file__).with_name({values_file!r}), weights_only=True)


def _lecture_value(name, arguments):
    """A copy of the value the grader computed for name(*arguments): this kernel has the lecture's tensors, not
    the code that makes them."""
    key = name + repr(arguments)
    if key not in _VALUES:
        raise AnswerKeyRemoved({REMOVED_LINE!r}.format(what=key))
    value = _VALUES[key]
    return tuple(item.clone() for item in value) if isinstance(value, tuple) else value.clone()
'''
