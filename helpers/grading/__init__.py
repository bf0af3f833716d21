"""The checks the hidden and visible tests call, one per exercise function.

    from helpers.grading import check_dot_scores
    check_dot_scores(dot_scores)        # hidden test: many random inputs
    check_example("dot_scores", dot_scores)  # visible test: the lecture's own example

A check passes silently or raises AssertionError with a Korean message whose first line is
``[진단: <exercise>/<code>]``. Each call grades with a fresh copy of this package loaded from
disk, so a student cell that rebinds anything in ``helpers`` cannot change the verdict.
"""

from __future__ import annotations

import builtins
import importlib
import sys
import types

# Builtins that importing and running the checks needs; checked before anything is imported,
# since a replaced one (say isinstance) would break the import itself.
_BUILTINS_NEEDED = ("isinstance", "issubclass", "getattr", "hasattr", "setattr", "len", "type", "super",
                    "callable", "iter", "next", "abs", "all", "any", "sum", "min", "max", "__import__",
                    "object", "tuple", "list", "dict", "set", "frozenset", "str", "int", "float", "bool", "range")


def _refuse_replaced_builtins(name: str) -> None:
    for builtin in _BUILTINS_NEEDED:
        value = builtins.__dict__.get(builtin)
        genuine = (type(value) is types.BuiltinFunctionType and value.__self__ is builtins) or (
            type(value) is type and value.__module__ == "builtins")
        if not genuine or value.__name__ != builtin:
            raise AssertionError(f"[진단: {name}/tampered] {name}: 내장 함수 {builtin} 이(가) 학생 셀에서 바뀌어 "
                                 "채점할 수 없습니다. 그런 코드를 지우고 커널을 다시 시작한 뒤 실행하세요.")


def _fresh_core():
    """helpers.grading.core and everything it imports from helpers, imported anew from disk."""
    saved = {name: module for name, module in sys.modules.items() if name.split(".")[0] == "helpers"}
    for name in saved:
        del sys.modules[name]
    try:
        return importlib.import_module("helpers.grading.core")
    finally:
        for name in [name for name in sys.modules if name.split(".")[0] == "helpers"]:
            del sys.modules[name]
        sys.modules.update(saved)


def check(name: str, function) -> None:
    """Hidden test of the exercise `name`: random inputs against the reference."""
    _refuse_replaced_builtins(name)
    _fresh_core().check(name, function)


def check_example(name: str, function) -> None:
    """Visible test of the exercise `name`: the lecture's own example, with the same diagnosis."""
    _refuse_replaced_builtins(name)
    _fresh_core().check_example(name, function)


def _checker(name: str):
    def check_exercise(function) -> None:
        check(name, function)

    check_exercise.__name__ = check_exercise.__qualname__ = f"check_{name}"
    check_exercise.__doc__ = f"Hidden test of `{name}`: random inputs against helpers.reference.{name}."
    return check_exercise


EXERCISE_NAMES = (
    "dot_scores", "scale_scores", "row_softmax", "mix_values", "self_attention",  # ch01
    "score_std_table", "softmax_1d", "compare_scaling",  # ch02
    "encode", "positional_encoding", "padding_mask", "masked_attention",  # ch03
    "project_qkv", "score_magnitude", "row_entropy", "scaled_init",  # ch04
)
check_dot_scores = _checker("dot_scores")
check_scale_scores = _checker("scale_scores")
check_row_softmax = _checker("row_softmax")
check_mix_values = _checker("mix_values")
check_self_attention = _checker("self_attention")
check_score_std_table = _checker("score_std_table")
check_softmax_1d = _checker("softmax_1d")
check_compare_scaling = _checker("compare_scaling")
check_encode = _checker("encode")
check_positional_encoding = _checker("positional_encoding")
check_padding_mask = _checker("padding_mask")
check_masked_attention = _checker("masked_attention")
check_project_qkv = _checker("project_qkv")
check_score_magnitude = _checker("score_magnitude")
check_row_entropy = _checker("row_entropy")
check_scaled_init = _checker("scaled_init")
