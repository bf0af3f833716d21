"""course.py, the README's entry point, loaded as a module for the tests that call its functions (it is a script at
the repository's root, not part of a package)."""

from __future__ import annotations

import functools
import importlib.util
import sys
import types

from helpers.paths import ROOT


@functools.cache
def course_module() -> types.ModuleType:
    """course.py, executed once per test process."""
    spec = importlib.util.spec_from_file_location("course_entry_point", ROOT / "course.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
