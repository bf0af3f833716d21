"""What a check needs to trust a student's function: run it safely, see what it calls.

- :func:`verify_environment` refuses to grade when a student cell has replaced a builtin or
  a library primitive the checks rely on.
- :func:`call_student` runs the function on copies of the inputs with a time limit, warnings
  and printing silenced, and a profiler that records forbidden calls (the reference, torch's
  own attention, a library softmax where the exercise says "by hand").
"""

from __future__ import annotations

import contextlib
import copy
import functools
import importlib
import io
import math
import os
import signal
import sys
import threading
import types
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas
import torch

from helpers.grading.rules import ATTENTION_NAMES, SOFTMAX_NAMES
from helpers.grading.trusted import replaced_builtin
from helpers.korean import Particle, attach

# Library functions a submission might try to neuter so that comparisons always succeed.
_LIBRARY_PRIMITIVES = {
    "torch.allclose": (torch, "allclose"),
    "torch.equal": (torch, "equal"),
    "torch.isclose": (torch, "isclose"),
    "torch.testing.assert_close": (torch.testing, "assert_close"),
    "numpy.allclose": (np, "allclose"),
    "numpy.isclose": (np, "isclose"),
    "numpy.array_equal": (np, "array_equal"),
    "numpy.testing.assert_allclose": (np.testing, "assert_allclose"),
    "numpy.testing.assert_array_equal": (np.testing, "assert_array_equal"),
    "pandas.testing.assert_frame_equal": (pandas.testing, "assert_frame_equal"),
}
_TENSOR_METHODS = ("abs", "sub", "__sub__", "__le__", "__eq__", "any", "all", "clone", "double", "isnan",
                   "isinf", "nonzero", "equal", "to", "detach", "item", "tolist")
_IMPORTLIB_DIR = os.path.dirname(os.path.realpath(importlib.__file__))
_LIBRARY_DIRS = tuple(os.path.dirname(os.path.realpath(module.__file__)) for module in (torch, np, pandas))

class StudentTimeout(BaseException):
    """Raised inside a student function that ran past its time limit (BaseException: a bare
    ``except Exception`` in the submission cannot swallow it)."""


class TamperedEnvironment(AssertionError):
    """A student cell replaced something the checks rely on."""


def verify_environment() -> None:
    """Raise TamperedEnvironment if a builtin or library primitive the checks use was replaced."""
    replaced = replaced_builtin()
    if replaced is not None:
        raise TamperedEnvironment(f"내장 함수 {attach(replaced, Particle.SUBJECT)} 바뀌었습니다")
    for label, (owner, attribute) in _LIBRARY_PRIMITIVES.items():
        if not _is_library_code(getattr(owner, attribute, None)):
            raise TamperedEnvironment(f"{attach(label, Particle.SUBJECT)} 바뀌었습니다")
    for name in _TENSOR_METHODS:
        if not _is_library_code(getattr(torch.Tensor, name, None)):
            raise TamperedEnvironment(f"torch.Tensor.{attach(name, Particle.SUBJECT)} 바뀌었습니다")
    for name in ("reload", "import_module"):
        code = getattr(getattr(importlib, name, None), "__code__", None)
        if code is None or os.path.dirname(os.path.realpath(code.co_filename)) != _IMPORTLIB_DIR:
            raise TamperedEnvironment(f"importlib.{attach(name, Particle.SUBJECT)} 바뀌었습니다")
    if sys.getprofile() is not None and not _is_library_code(sys.getprofile()):
        raise TamperedEnvironment("sys.setprofile로 프로파일러가 걸려 있습니다")


def _is_library_code(function) -> bool:
    """True for C functions and slots, and for Python functions defined inside torch/numpy/pandas."""
    if function is None:
        return False
    if isinstance(function, (types.BuiltinFunctionType, types.WrapperDescriptorType,
                             types.MethodDescriptorType, types.MethodWrapperType, types.GetSetDescriptorType)):
        return True
    code = getattr(getattr(function, "__wrapped__", function), "__code__", None)
    if code is None:
        code = getattr(getattr(function, "__func__", None), "__code__", None)
    if code is None:
        return type(function).__module__.split(".")[0] in {"torch", "numpy", "pandas"}
    return os.path.realpath(code.co_filename).startswith(_LIBRARY_DIRS)


@dataclass
class StudentRun:
    """What happened when the student function ran on one case."""

    value: object = None
    error: BaseException | None = None
    timed_out: bool = False
    forbidden: str | None = None  # what was called that must not be
    modified_input: int | None = None  # index of an argument changed in place
    inputs: tuple = ()  # the positional arguments as they were after the call


def call_student(function: Callable, args: tuple, kwargs: dict, *, time_limit: float, by_hand: bool = False,
                 reference_files: frozenset[str] = frozenset(), allowed: tuple[str, ...] = (),
                 watch: bool = True, global_seed: int | None = None) -> StudentRun:
    """Run function(*args, **kwargs) on copies of the inputs and report what happened, an argument changed in place
    found against `args` (which the function never sees); with `watch`, a profiler records forbidden calls; with
    `global_seed`, torch's global random state is seeded with it first."""
    inputs = copy_inputs(args)
    kwargs = copy_kwargs(kwargs)
    run = StudentRun(inputs=inputs)
    watcher = (_ForbiddenCalls(by_hand=by_hand, reference_files=reference_files, allowed=allowed) if watch
               else _NoWatcher())
    with (warnings.catch_warnings(), contextlib.redirect_stdout(_Discard()),
          contextlib.redirect_stderr(_Discard())):
        warnings.simplefilter("ignore")
        try:
            seed_global_random_state(global_seed)
            with _time_limit(time_limit), watcher:
                run.value = function(*inputs, **kwargs)
        except StudentTimeout:
            run.timed_out = True
        except Exception as error:  # noqa: BLE001 - any error of the submission is reported
            run.error = error
    run.forbidden = watcher.found
    run.modified_input = modified_input(args, inputs)
    return run


def seed_global_random_state(seed: int | None) -> None:
    """torch.manual_seed(seed), for a case that calls with generator=None; nothing for None."""
    if seed is not None:
        torch.manual_seed(seed)


def modified_input(before: tuple, after: tuple) -> int | None:
    """The index of the first argument whose value differs after the call, or None."""
    for index, (was, now) in enumerate(zip(before, after)):
        if not same_value(was, now):
            return index
    return None


def with_course_parts(function: Callable, parts: tuple[str, ...],
                      course_part: Callable[[str], Callable] | None = None) -> Callable:
    """`function` with each name in `parts` bound to the course's part instead of the student's: the reference
    implementation, or what `course_part(name)` gives (the grading kernel's, computed outside it). Same code,
    defaults and closure, a copy of its globals. The student's other functions of the same namespace (helpers it
    calls on the way to a part) are rebound to that copy too, so a part reached through them is the course's
    as well."""
    if not parts or not isinstance(function, types.FunctionType):
        return function
    if course_part is None:
        from helpers import reference

        course_part = functools.partial(getattr, reference)
    original = function.__globals__
    namespace = dict(original)
    for name, value in original.items():
        if isinstance(value, types.FunctionType) and value.__globals__ is original:
            namespace[name] = _rebound(value, namespace)
    namespace.update({part: course_part(part) for part in parts})
    return _rebound(function, namespace)


def _rebound(function: types.FunctionType, namespace: dict) -> types.FunctionType:
    """The same function (code, defaults, closure) looking its global names up in `namespace`."""
    substitute = types.FunctionType(function.__code__, namespace, function.__name__, function.__defaults__,
                                    function.__closure__)
    substitute.__kwdefaults__ = function.__kwdefaults__
    substitute.__qualname__ = function.__qualname__
    return substitute


def copy_kwargs(kwargs: dict) -> dict:
    """Deep copies of keyword arguments: every call draws from its own copy of a generator."""
    return {name: _copy_value(value) for name, value in kwargs.items()}


def copy_inputs(args: tuple, shared: tuple[torch.Tensor, ...] = ()) -> tuple:
    """Deep copies of tensors, arrays, frames and containers; the tensors of `shared` go as they are."""
    return tuple(value if any(value is kept for kept in shared) else _copy_value(value) for value in args)


def course_tables(args: tuple) -> tuple[torch.Tensor, ...]:
    """The arguments that are the course model's own tables (helpers.data.minilm_weights, by identity)."""
    from helpers import data

    loaded = data.loaded_minilm_weights().values()
    return tuple(value for value in args if isinstance(value, torch.Tensor) and any(value is table for table in loaded))


def _copy_value(value):
    if isinstance(value, torch.Tensor):
        return value.detach().clone()
    if isinstance(value, np.ndarray):
        return value.copy()
    return copy.deepcopy(value)


def same_value(left, right) -> bool:
    """Exact equality (NaN equals NaN) of two inputs, to catch in-place changes."""
    if isinstance(left, torch.Tensor):
        if isinstance(right, torch.Tensor) and left.dtype == right.dtype and torch.equal(left, right):
            return True  # the usual answer, without the double-precision copies below (an embedding table's: 0.5 s)
        return (isinstance(right, torch.Tensor) and left.shape == right.shape and left.dtype == right.dtype
                and torch.equal(torch.nan_to_num(left.double() if left.is_floating_point() else left),
                                torch.nan_to_num(right.double() if right.is_floating_point() else right)))
    if isinstance(left, np.ndarray):
        return isinstance(right, np.ndarray) and left.shape == right.shape and bool(
            np.array_equal(left, right, equal_nan=left.dtype.kind == "f"))
    if isinstance(left, torch.Generator):
        # Drawing from a generator advances it: that is its job, not an in-place change of data.
        return isinstance(right, torch.Generator)
    if isinstance(left, float) and math.isnan(left):
        return isinstance(right, float) and math.isnan(right)
    return left == right


class _Discard(io.TextIOBase):
    """A stream that swallows what a student function prints (hidden tests must not flood output)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise StudentTimeout in the main thread after `seconds` (no limit where SIGALRM is missing)."""
    usable = hasattr(signal, "SIGALRM") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def on_alarm(signum, frame):
        raise StudentTimeout()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@functools.lru_cache(maxsize=4096)
def _real_path(filename: str) -> str:
    """os.path.realpath, cached: the profiler sees every Python call, and resolving the same file again
    on each one makes a first import inside a student function (sympy, via torch.broadcast_shapes) time out."""
    return os.path.realpath(filename)


class _NoWatcher(contextlib.nullcontext):
    """No profiler: forbidden calls are looked for elsewhere (in the source, by the grading checker)."""

    found = None


class _ForbiddenCalls:
    """A profiler that records the first forbidden call made while it is active. A call of an
    `allowed` reference function is not one, and nothing it calls in turn is looked at."""

    def __init__(self, *, by_hand: bool, reference_files: frozenset[str], allowed: tuple[str, ...] = ()):
        self.found: str | None = None
        self._allowed = frozenset(allowed)
        self._allowed_frame = None  # the frame of the allowed reference call under way
        self._builtins = ATTENTION_NAMES | (SOFTMAX_NAMES if by_hand else frozenset())
        self._reference_files = reference_files
        self._python_functions = {torch.nn.functional.multi_head_attention_forward.__code__:
                                  "torch.nn.functional.multi_head_attention_forward",
                                  torch.nn.MultiheadAttention.forward.__code__: "torch.nn.MultiheadAttention"}
        if by_hand:
            self._python_functions[torch.nn.functional.softmax.__code__] = "torch.nn.functional.softmax"
            scipy_special = sys.modules.get("scipy.special")
            if scipy_special is not None and hasattr(scipy_special.softmax, "__code__"):
                self._python_functions[scipy_special.softmax.__code__] = "scipy.special.softmax"

    def __enter__(self):
        sys.setprofile(self._profile)
        return self

    def __exit__(self, *exc_info):
        sys.setprofile(None)
        return False

    def _profile(self, frame, event, arg):
        if self.found is not None:
            return
        if self._allowed_frame is not None:
            if event == "return" and frame is self._allowed_frame:
                self._allowed_frame = None
            return
        if event == "c_call":
            name = getattr(arg, "__name__", "")
            if name in self._builtins:
                self.found = f"torch의 {name}" if "softmax" not in name else f"라이브러리 softmax ({name})"
        elif event == "call":
            code = frame.f_code
            if code in self._python_functions:
                self.found = self._python_functions[code]
            elif _real_path(code.co_filename) in self._reference_files:
                if code.co_name in self._allowed:
                    self._allowed_frame = frame
                else:
                    self.found = f"helpers.reference.{code.co_name}"
