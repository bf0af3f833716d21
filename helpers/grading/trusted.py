"""The builtins every check calls, and the test that none of them was replaced by a student cell.

Checked before anything else is imported: a replaced ``isinstance`` would break the import of
the checks themselves. Imports nothing but the interpreter's own modules.
"""

from __future__ import annotations

import builtins
import types

TRUSTED_BUILTINS = (
    "__import__", "abs", "all", "any", "bool", "callable", "dict", "enumerate", "float", "frozenset",
    "getattr", "hasattr", "id", "int", "isinstance", "issubclass", "iter", "len", "list", "max", "min",
    "next", "object", "print", "range", "repr", "round", "set", "setattr", "sorted", "str", "sum", "super",
    "tuple", "type", "zip",
)


def replaced_builtin() -> str | None:
    """The name of the first trusted builtin that is no longer the interpreter's own, or None."""
    for name in TRUSTED_BUILTINS:
        value = builtins.__dict__.get(name)
        genuine_function = type(value) is types.BuiltinFunctionType and value.__self__ is builtins
        genuine_type = type(value) is type and value.__module__ == "builtins"
        if not (genuine_function or genuine_type) or value.__name__ != name:
            return name
    return None
