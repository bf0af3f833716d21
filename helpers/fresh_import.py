"""A module of a package (helpers) imported anew from disk, as the in-kernel checks import their judge: every
file read again and run in a new module, nothing of the modules already loaded reused, the package's loaded modules
left as they were.

A source compiles once a process: the code of the very bytes read from disk is kept and run again. Python's own
import would unmarshal each module's bytecode cache every time, or, where it writes none (PYTHONDONTWRITEBYTECODE,
common in containers, or a folder it cannot write), compile every module again: a tenth of a second a check. So do
the methods `dataclasses` writes for each class (``__init__``, ``__eq__``, …): it generates their source and compiles
it at every class statement, which was more than half of a fresh judge's import; the same source is compiled once.
"""

from __future__ import annotations

import contextlib
import dataclasses
import importlib
import importlib.machinery
import sys
import types

JUDGE = "helpers.grading.core"  # what helpers.grading's check and check_example import anew at every check
SHARED_WITH_THE_JUDGE = frozenset({"helpers.digests"})  # the model file's digest, not code: computed once a process
_COMPILED: dict[tuple[str, bytes], types.CodeType] = {}  # (a module's path, its source as read) → its code
_GENERATED: dict[str, types.CodeType] = {}  # the source of a method `dataclasses` generated → its code


def anew(name: str, keep: frozenset[str] = frozenset()) -> types.ModuleType:
    """The module `name` and everything it imports from its top-level package, imported anew; the modules named in
    `keep` (facts a process computed once, not code to trust afresh) are imported as usual and shared."""
    package = name.split(".")[0]
    for module in keep:
        importlib.import_module(module)
    saved = {module: loaded for module, loaded in sys.modules.items() if _in_package(module, package)}
    for module in saved.keys() - keep:
        del sys.modules[module]
    finder = _PackageFromDisk(package)
    sys.meta_path.insert(0, finder)
    try:
        with _dataclass_methods_compiled_once():
            return importlib.import_module(name)
    finally:
        sys.meta_path.remove(finder)
        for module in [module for module in sys.modules if _in_package(module, package) and module not in keep]:
            del sys.modules[module]
        sys.modules.update(saved)


def judge() -> types.ModuleType:
    """The course's judge (helpers.grading.core) and everything it imports from helpers, imported anew."""
    return anew(JUDGE, keep=SHARED_WITH_THE_JUDGE)


def _in_package(module: str, package: str) -> bool:
    return module == package or module.startswith(f"{package}.")


@contextlib.contextmanager
def _dataclass_methods_compiled_once():
    """While it lasts, `dataclasses` runs the source of the methods it generates through _exec_compiled_once (its
    functions find ``exec`` among the module's names before the builtins)."""
    dataclasses.exec = _exec_compiled_once
    try:
        yield
    finally:
        del dataclasses.exec


def _exec_compiled_once(source, globals=None, locals=None) -> None:  # noqa: A002 - exec's own parameter names
    """exec, compiling a source text it has compiled before only once (with no __future__ flags: as `dataclasses`,
    which has none, compiles it)."""
    if isinstance(source, str):
        if source not in _GENERATED:
            _GENERATED[source] = compile(source, "<string>", "exec", dont_inherit=True)
        source = _GENERATED[source]
    exec(source, globals, locals)  # noqa: S102 - the code dataclasses generated, as it would run it


class _CompiledOnce(importlib.machinery.SourceFileLoader):
    """Python's loader of a source file, which reads the file each time and compiles a source it has compiled
    before only once (its bytecode cache aside: unmarshalling it each time would cost more than keeping the code)."""

    def get_code(self, fullname):
        path = self.get_filename(fullname)
        key = (path, self.get_data(path))
        if key not in _COMPILED:
            _COMPILED[key] = self.source_to_code(key[1], path)
        return _COMPILED[key]


class _PackageFromDisk:
    """A finder, first on sys.meta_path while `anew` imports: the package's modules as the other finders find them,
    each source file read by a _CompiledOnce."""

    def __init__(self, package: str):
        self.package = package

    def find_spec(self, fullname, path=None, target=None):
        if not _in_package(fullname, self.package):
            return None
        for finder in sys.meta_path:
            find = None if finder is self else getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                if type(spec.loader) is importlib.machinery.SourceFileLoader:
                    spec.loader = _CompiledOnce(fullname, spec.origin)
                return spec
        return None
