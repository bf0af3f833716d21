"""Name a wrong answer that matches no catalogued variant by running it again on inputs changed one thing at a
time (an argument, the mask, the size of the numbers), by reading the error it raised, or by the one number its
result is off by. The kinds and their Korean messages are the frozen list
:mod:`helpers.misconceptions.probes`; :func:`name_mistake` is asked by the grading engine before it falls back
to a generic verdict, and only ever names what it has seen happen.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np
import torch
from pandas import DataFrame

from helpers import misconceptions
from helpers.grading import blame, guard
from helpers.grading.compare import compare, constant_factor
from helpers.grading.hard import TAKEN_BY_LIBRARY
from helpers.grading.spec import Case, Exercise
from helpers.grading.student import StudentCode
from helpers.grading.verdict import CheckFailed
from helpers.korean import fill
from helpers.misconceptions.probes import (
    ARGUMENT_OFFSET,
    CONSTANT_FACTOR_AROUND_MISTAKE,
    CONVERSION_USED,
    GENERATOR_NOT_FOLLOWED,
    GLOBAL_FITS_EXAMPLE_ONLY,
    GLOBAL_RANDOM_STATE,
    HEAD_DEFAULT_DIFFERS,
    MATH_MODULE_USED,
    MESSAGES,
    MODE_ONLY,
    RAISES_ON_VALID,
    SEQUENCE_LENGTH,
    SIZE_FITS_EXAMPLE_ONLY,
    SIZE_FOR_SHAPE_ONLY,
    TABLE_SHAPE,
    TRACE_THE_HARD_INPUT,
    TRANSPOSED_ARGUMENTS,
    TRUTH_VALUE_OF_MANY,
    Probe,
    ProbeMessage,
    two_mistakes_id,
    two_mistakes_message,
)

Runner = Callable[[list[Case]], list[guard.StudentRun]]  # the student's function on cases, in one round trip
PROBE_SEED = 20261202  # the varied inputs are the same on every run


@dataclass(frozen=True)
class Judged:
    """One case of the diagnosis: the reference's result and the student's run, and whether they agree."""

    case: Case
    expected: object
    run: guard.StudentRun

    @property
    def right(self) -> bool:
        return self.run.error is None and not self.run.timed_out and \
            compare(self.expected, self.run.value, "", slack=self.case.slack) is None


@dataclass
class Evidence:
    """What the probes may use: the exercise, the student's code and a way to run it, the case it failed on and
    the cases of the diagnosis."""

    exercise: Exercise
    code: StudentCode
    run: Runner
    failing: Case
    cases: list[Case]
    examples: list[Case]  # the lecture's own example(s), where the notebook's variables are the inputs
    generator: torch.Generator = field(default_factory=lambda: torch.Generator().manual_seed(PROBE_SEED))

    @cached_property
    def judged(self) -> list[Judged]:
        """Every case of the diagnosis that must return a value (the failing one included), judged."""
        cases = [case for case in self.cases if case.raises is None]
        if self.failing.raises is None and all(case is not self.failing for case in cases):
            cases.append(self.failing)
        runs = self.run(cases)
        return [Judged(case, _reference(self.exercise, case), run) for case, run in zip(cases, runs)]

    @cached_property
    def failing_judged(self) -> Judged | None:
        return next((judged for judged in self.judged if judged.case is self.failing), None)

    @cached_property
    def parameters(self) -> list[inspect.Parameter]:
        return list(inspect.signature(self.exercise.reference).parameters.values())


def name_mistake(evidence: Evidence) -> CheckFailed | None:
    """The first probe that sees what the answer does wrong, as a verdict; None when none does."""
    # a rounded result first: rounding can hide a varied argument's effect, as if the argument were not used
    for probe in (_catalogued_in_one_mode, _rounded_result, _numerically_fragile, _default_fails, _mask_misread,
                  _ignored_argument, _generator_not_followed, _global_fits_example_only, _result_kind,
                  _transposed_argument, _raises_on_valid, _error_explained, _size_fits_example_only,
                  _argument_formula, _constant_factor, _reciprocal, _function_of_result, _rows_rescaled,
                  _offset, _function_of_argument,
                  _size_for_shape_only, _mixes_positions):
        found = probe(evidence)
        if found is not None:
            return found
    return None


def _verdict(evidence: Evidence, probe: Probe, message: ProbeMessage | None = None, seen_on: Case | None = None,
             code: str | None = None, **fields) -> CheckFailed:
    """The probe's message with its `fields`, the lecture pointer, and the input it was seen on (the failing one
    unless `seen_on`), under the probe's code unless `code`."""
    message = message or MESSAGES[probe]
    return CheckFailed(evidence.exercise.name, code or probe.value,
                       f"{fill(message.explanation, **fields)}\n도움말: {fill(message.hint, **fields)} "
                       f"({evidence.exercise.lecture})\n(확인한 입력: {(seen_on or evidence.failing).label})")


def _reference(exercise: Exercise, case: Case):
    return case.call(exercise.reference)


def _reference_if_valid(exercise: Exercise, case: Case):
    """The reference's result on a changed case; None when the reference does not take that input."""
    try:
        return _reference(exercise, case)
    except Exception:  # noqa: BLE001 - not a valid input of the exercise: not a change to try
        return None


# ---------------------------------------------------------------- right on tidy inputs only
def _numerically_fragile(evidence: Evidence) -> CheckFailed | None:
    """Right on every tidy case and wrong on a hard one; or right on some cases and, on every case it gets wrong,
    inf or NaN where the reference is finite (a formula that overflows on wide inputs the hard flag did not
    foresee: the minimum subtracted instead of the maximum)."""
    tidy = [judged for judged in evidence.judged if not judged.case.hard]
    hard_wrong = [judged for judged in evidence.judged if judged.case.hard and not judged.right]
    wrong = [judged for judged in evidence.judged if not judged.right]
    if tidy and hard_wrong and all(judged.right for judged in tidy):
        first = hard_wrong[0]
    elif wrong and len(wrong) < len(evidence.judged) and all(map(_overflows, wrong)):
        first = next((judged for judged in wrong if judged.case is evidence.failing), wrong[0])
    else:
        return None
    return _verdict(evidence, Probe.NUMERICALLY_FRAGILE, seen_on=first.case, outcome=_what_went_wrong(first),
                    advice=f"{_stable_way_advice(evidence)}.")


def _stable_way_advice(evidence: Evidence) -> str:
    """The exercise's stable way, unless the answer calls the library function that already takes it (a mask
    applied after torch.softmax is not fixed by subtracting a row max); then the advice to trace the hard input."""
    stable_way = evidence.exercise.stable_way
    if not stable_way or TAKEN_BY_LIBRARY.get(stable_way) in evidence.code.names_reached():
        return TRACE_THE_HARD_INPUT
    return stable_way


def _overflows(judged: Judged) -> bool:
    """inf or NaN in the result where the reference's is finite."""
    return judged.run.error is None and _shaped_like(judged.expected, judged.run.value) and \
        _has_non_finite(judged.run.value) and not _has_non_finite(judged.expected)


def _what_went_wrong(judged: Judged) -> str:
    if judged.run.error is not None:
        call = blame.course_call(judged.run.error)
        whose = "" if call is None else f" — {call.sentence()}"
        return f"오류가 납니다 ({type(judged.run.error).__name__}: {judged.run.error}{whose})"
    if _shaped_like(judged.expected, judged.run.value) and _has_non_finite(judged.run.value) \
            and not _has_non_finite(judged.expected):
        return "NaN이나 무한대(inf)가 나옵니다"
    difference = compare(judged.expected, judged.run.value, "결과", slack=judged.case.slack)
    return f"기준과 다른 값이 나옵니다 ({difference.rstrip('.')})"


def _shaped_like(expected, got) -> bool:
    """`got` has the reference result's structure and shapes: only then is it worked on beyond compare(), which
    checks shapes first (a forged result can be a view of billions of numbers in a few bytes)."""
    if isinstance(expected, tuple | list):
        return isinstance(got, tuple | list) and len(got) == len(expected) and \
            all(_shaped_like(want, have) for want, have in zip(expected, got))
    if isinstance(expected, torch.Tensor | np.ndarray):
        return isinstance(got, torch.Tensor | np.ndarray) and tuple(got.shape) == tuple(expected.shape)
    return True


def _modest(expected, got) -> bool:
    """`got` has the reference result's structure and no array much bigger than the one in its place: safe to
    compare with another run of the answer even when its shapes are wrong."""
    if _numbers(expected):
        return isinstance(got, tuple | list) and len(got) <= 4 * len(expected) + 64
    if isinstance(expected, tuple | list):
        return isinstance(got, tuple | list) and len(got) == len(expected) and \
            all(_modest(want, have) for want, have in zip(expected, got))
    if isinstance(expected, torch.Tensor | np.ndarray):
        return isinstance(got, torch.Tensor | np.ndarray) and math.prod(got.shape) <= 4 * math.prod(expected.shape) + 64
    return True


def _has_non_finite(value) -> bool:
    if isinstance(value, tuple | list):
        return any(_has_non_finite(item) for item in value)
    if isinstance(value, np.ndarray) and value.dtype.kind == "f":
        return not bool(np.isfinite(value).all())
    if isinstance(value, torch.Tensor) and value.is_floating_point():
        return not bool(value.isfinite().all())
    if isinstance(value, float):
        return not math.isfinite(value)
    return False


# ---------------------------------------------------------------- type, dtype and shape of the result
KIND_NAMES = ((torch.Tensor, "torch 텐서"), (np.ndarray, "numpy 배열"), (DataFrame, "pandas DataFrame"),
              (bool, "True/False (bool)"), (int, "파이썬 정수(int)"), (float, "파이썬 실수(float)"),
              (tuple, "튜플"), (list, "리스트"))


def _kind_name(value) -> str:
    return next((name for kind, name in KIND_NAMES if isinstance(value, kind)), type(value).__name__)


def _dtype_family(value) -> str | None:
    dtype = getattr(value, "dtype", None)
    if dtype is None:
        return None
    if dtype in (torch.bool, np.bool_) or getattr(dtype, "kind", "") == "b":
        return "bool"
    floating = value.is_floating_point() if isinstance(value, torch.Tensor) else value.dtype.kind == "f"
    return "실수(float)" if floating else "정수(int)"


def _result_kind(evidence: Evidence) -> CheckFailed | None:
    """The first wrong case (the failing one first) whose result differs in type, dtype or shape."""
    wrong = sorted((judged for judged in evidence.judged  # None is a missing return, not a result of another type
                    if not judged.right and judged.run.error is None and judged.run.value is not None),
                   key=lambda judged: judged.case is not evidence.failing)
    return next((found for judged in wrong
                 if (found := _kind_difference(evidence, judged)) is not None), None)


def _kind_difference(evidence: Evidence, judged: Judged) -> CheckFailed | None:
    """WRONG_TYPE, WRONG_DTYPE or WRONG_SHAPE for the first item of the result where one of them differs."""
    expected, got = judged.expected, judged.run.value
    if _kind_name(expected) != _kind_name(got) and not (isinstance(expected, float) and isinstance(got, int)):
        return _verdict(evidence, Probe.WRONG_TYPE, seen_on=judged.case, expected=_kind_name(expected),
                        got=_kind_name(got), values=_values_note(expected, got))
    if _numbers(expected) and _numbers(got) and len(expected) != len(got):
        return _verdict(evidence, Probe.WRONG_SHAPE, SEQUENCE_LENGTH, seen_on=judged.case, kind=_kind_name(got),
                        expected=len(expected), got=len(got))
    if isinstance(expected, tuple | list) and len(expected) == len(got):
        return next((found for want, have in zip(expected, got) if (found := _kind_difference(
            evidence, replace(judged, expected=want, run=replace(judged.run, value=have)))) is not None), None)
    if isinstance(expected, DataFrame) and expected.shape != got.shape:
        return _verdict(evidence, Probe.WRONG_SHAPE, TABLE_SHAPE, seen_on=judged.case, expected=list(expected.shape),
                        got=list(got.shape), columns=_columns_detail(expected, got))
    if not isinstance(expected, torch.Tensor | np.ndarray):
        return None
    if tuple(expected.shape) != tuple(got.shape):
        return _verdict(evidence, Probe.WRONG_SHAPE, seen_on=judged.case, expected=list(expected.shape),
                        got=list(got.shape), detail=_shape_detail(tuple(expected.shape), tuple(got.shape)))
    if _dtype_family(expected) != _dtype_family(got) or _half_precision(got) and not _half_precision(expected):
        return _verdict(evidence, Probe.WRONG_DTYPE, seen_on=judged.case,
                        expected=f"{_dtype_family(expected)} ({expected.dtype})",
                        got=f"{_dtype_family(got)} ({got.dtype})", values=_values_note(expected, got))
    return None


HALF_PRECISION = (torch.float16, torch.bfloat16, np.dtype(np.float16))  # 3 or 4 significant digits: never asked for


def _half_precision(value) -> bool:
    """A floating result of 16 bits (float16, bfloat16), whose rounding alone makes its values wrong."""
    return getattr(value, "dtype", None) in HALF_PRECISION


def _values_note(expected, got) -> str:
    """' 값은 맞습니다.' when `got` holds the expected numbers in another container or dtype."""
    if not _shaped_like(expected, got):
        return ""
    try:
        converted = _like(expected, got)
    except (TypeError, ValueError, RuntimeError):
        return ""
    return " 값은 맞으니 형식만 고치면 됩니다." if compare(expected, converted, "") is None else ""


def _like(expected, got):
    """`got` converted to the container and dtype of `expected`."""
    if isinstance(expected, torch.Tensor):
        return torch.as_tensor(np.asarray(got.detach() if isinstance(got, torch.Tensor) else got)).to(expected.dtype)
    if isinstance(expected, np.ndarray):
        return np.asarray(got.detach().numpy() if isinstance(got, torch.Tensor) else got).astype(expected.dtype)
    if isinstance(expected, bool | int | float):
        return type(expected)(got.item() if hasattr(got, "item") else got)
    if isinstance(expected, tuple | list):
        return type(expected)(got)
    raise TypeError(type(expected).__name__)


def _numbers(value) -> bool:
    """A list or tuple of Python numbers (a sequence of ids, of measurements): its length is its shape."""
    return isinstance(value, tuple | list) and bool(value) and \
        all(isinstance(item, int | float) and not isinstance(item, bool) for item in value)


def _columns_detail(expected: DataFrame, got: DataFrame) -> str:
    """The columns a table lacks or has too many (one made the index with set_index is no longer a column)."""
    missing = [column for column in expected.columns if column not in got.columns]
    extra = [column for column in got.columns if column not in expected.columns]
    parts = ([f"빠진 열 {missing}"] if missing else []) + ([f"더 있는 열 {extra}"] if extra else [])
    return f" ({', '.join(parts)})" if parts else ""


def _shape_detail(expected: tuple[int, ...], got: tuple[int, ...]) -> str:
    if sorted(expected) == sorted(got):
        return " 축의 길이는 같고 순서만 다릅니다: transpose/permute의 순서를 확인하세요."
    if tuple(size for size in expected if size != 1) == tuple(size for size in got if size != 1):
        return " 길이가 1인 축이 빠지거나 더해졌습니다: squeeze/unsqueeze나 keepdim을 확인하세요."
    if math.prod(expected) == math.prod(got):
        return " 원소 수는 같습니다: 축이 합쳐지거나 나뉜 곳(view, reshape)을 확인하세요."
    if len(got) < len(expected):
        return " 축이 줄었습니다: 더하거나 평균을 낸 축(sum, mean의 dim)을 확인하세요."
    return ""


# ---------------------------------------------------------------- an optional argument left at its default
def _default_fails(evidence: Evidence) -> CheckFailed | None:
    """Right wherever an optional argument is given, wrong where it keeps its default, and seen to turn wrong when
    a right case's argument is set back to the default. A switch (a bool default) picks one of two formulas, not a
    value to fill in: :func:`_left_out_fails` speaks of its default, :func:`_catalogued_in_one_mode` of a
    formula wrong in one of its modes."""
    for index, parameter in enumerate(evidence.parameters):
        if parameter.default is inspect.Parameter.empty:
            continue
        if not isinstance(parameter.default, bool):
            at_default = [judged for judged in evidence.judged if _at_default(judged.case, index, parameter)]
            given = [judged for judged in evidence.judged if not _at_default(judged.case, index, parameter)]
            wrong = [judged for judged in at_default if not judged.right]
            if given and wrong and all(judged.right for judged in given) and \
                    _turns_wrong_at_default(evidence, given, index, parameter):
                return _verdict(evidence, Probe.DEFAULT_FAILS, seen_on=wrong[0].case, argument=parameter.name,
                                default=repr(parameter.default),
                                outcome=_what_went_wrong(wrong[0]))
        found = _left_out_fails(evidence, index, parameter)
        if found is not None:
            return found
    return None


def _left_out_fails(evidence: Evidence, index: int, parameter: inspect.Parameter) -> CheckFailed | None:
    """Right wherever the argument is given (a switch: its default value said too), wrong where it is left out, and
    right again when the default is said in a case it got wrong: the answer's own default is not the exercise's (a
    switch read backwards is wrong where its default is said as well)."""
    left_out = [judged for judged in evidence.judged
                if parameter.name not in judged.case.kwargs and index >= len(judged.case.args)]
    given = [judged for judged in evidence.judged if all(judged is not out for out in left_out)]
    said_default = [judged for judged in given if _at_default(judged.case, index, parameter)]
    wrong = [judged for judged in left_out if not judged.right]
    if not (wrong and given and all(judged.right for judged in given)) or \
            isinstance(parameter.default, bool) and not said_default:
        return None
    said_cases = [replace(_with_argument(judged.case, index, parameter.name, parameter.default),
                          global_seed=PROBE_SEED if judged.case.global_seed is None else judged.case.global_seed)
                  for judged in wrong]  # the same inputs with the default said: right, or the switch is not why
    expected = [_reference(evidence.exercise, case) for case in said_cases]
    if not any(Judged(case, want, run).right
               for case, want, run in zip(said_cases, expected, evidence.run(said_cases))):
        return None
    return _verdict(evidence, Probe.DEFAULT_FAILS, HEAD_DEFAULT_DIFFERS, seen_on=wrong[0].case,
                    argument=parameter.name, said=f"{parameter.name}={parameter.default!r}",
                    outcome=_what_went_wrong(wrong[0]))


def _turns_wrong_at_default(evidence: Evidence, given: list[Judged], index: int,
                            parameter: inspect.Parameter) -> bool:
    """Some right case, its argument set to the default, is wrong: the default itself is what the answer gets
    wrong, not another difference between the cases that happen to leave it out."""
    cases = [replace(_with_argument(judged.case, index, parameter.name, parameter.default),
                     global_seed=PROBE_SEED if judged.case.global_seed is None else judged.case.global_seed)
             for judged in given]  # seeded: a generator left at None draws the same numbers for both
    expected = [_reference_if_valid(evidence.exercise, case) for case in cases]  # None: the default is not valid
    valid = [(case, want) for case, want in zip(cases, expected) if want is not None]
    return any(not Judged(case, want, run).right
               for (case, want), run in zip(valid, evidence.run([case for case, _ in valid])))


def _at_default(case: Case, index: int, parameter: inspect.Parameter) -> bool:
    if parameter.name in case.kwargs:
        value = case.kwargs[parameter.name]
    elif index < len(case.args):
        value = case.args[index]
    else:
        return True
    return value is parameter.default or (isinstance(value, int | float | str) and value == parameter.default)


# ---------------------------------------------------------------- a catalogued mistake made in one mode only
def _catalogued_in_one_mode(evidence: Evidence) -> CheckFailed | None:
    """A catalogued mistake the answer makes on the cases where a switch (a bool argument) has one value, while
    it is right on the others: the entry's own code, and which mode it is in."""
    for index, parameter in enumerate(evidence.parameters):
        if not isinstance(parameter.default, bool):
            continue
        modes = {value: [judged for judged in evidence.judged
                         if _argument(judged.case, index, parameter.name, parameter.default) is value]
                 for value in (False, True)}
        for value, other in ((False, True), (True, False)):
            if not modes[value] or not modes[other] or not all(judged.right for judged in modes[other]):
                continue
            entry = next((entry for entry in misconceptions.for_exercise(evidence.exercise.name)
                          if _made_on(entry.variant, modes[value])), None)
            if entry is not None:
                mode = MODE_ONLY.format(argument=parameter.name, value=value)
                return CheckFailed(evidence.exercise.name, entry.id,
                                   f"{entry.explanation} {mode}\n도움말: {entry.hint}\n"
                                   f"(확인한 입력: {evidence.failing.label})")
    return None


def _made_on(variant: Callable, judged: list[Judged]) -> bool:
    """The answer returns what `variant` returns on every one of `judged`, and is wrong on one."""
    if all(one.right for one in judged):
        return False
    for one in judged:
        result = _variant_result(variant, one.case)
        if result is None or one.run.error is not None or compare(result, one.run.value, "", slack=one.case.slack):
            return False
    return True


# ---------------------------------------------------------------- the mask read the other way or on another axis
def _mask_misread(evidence: Evidence) -> CheckFailed | None:
    """The answer is the reference given its mask read another way (the other sense, the other axis), or, for a
    mask built from token ids and a pad_id, the ids with [PAD] and the real tokens swapped."""
    judged = evidence.failing_judged
    if judged is None or judged.run.error is not None:
        return None
    for index, parameter in enumerate(evidence.parameters):
        value = _argument(evidence.failing, index, parameter.name)
        if not isinstance(value, torch.Tensor):
            continue
        if "mask" in parameter.name:
            readings = _misreadings(value)
        elif not value.is_floating_point() and value.dtype != torch.bool and _pad_id(evidence) is not None:
            readings = [(Probe.MASK_SENSE, _pads_swapped(value, _pad_id(evidence)), "")]
        else:
            continue
        for probe, misread, detail in readings:
            case = _with_argument(evidence.failing, index, parameter.name, misread)
            expected = _reference_if_valid(evidence.exercise, case)
            if expected is not None and compare(expected, judged.expected, "") is not None and \
                    compare(expected, judged.run.value, "", slack=case.slack) is None:
                return _verdict(evidence, probe, detail=detail)
    return None


def _pad_id(evidence: Evidence) -> int | None:
    """The failing case's pad_id (its default when the case leaves it out), when the exercise takes one."""
    return next((_argument(evidence.failing, index, parameter.name, parameter.default)
                 for index, parameter in enumerate(evidence.parameters) if parameter.name == "pad_id"), None)


def _pads_swapped(ids: torch.Tensor, pad_id: int) -> torch.Tensor:
    """`ids` with every [PAD] made a real token and every real token made [PAD]."""
    return torch.where(ids == pad_id, torch.full_like(ids, pad_id + 1), torch.full_like(ids, pad_id))


def _misreadings(mask: torch.Tensor) -> list[tuple[Probe, torch.Tensor, str]]:
    """The mask as a wrong answer reads it: the other way round, and with its last two axes swapped."""
    readings = []
    if mask.dtype == torch.bool:
        readings.append((Probe.MASK_SENSE, ~mask, ""))
    elif bool(((mask == 0) | (mask == 1)).all()):
        readings.append((Probe.MASK_SENSE, 1 - mask, ""))
    if mask.dim() >= 2 and mask.shape[-1] != 1:
        what = ("Key 쪽(열)이 아니라 Query 쪽(줄)을 가립니다." if mask.shape[-2] == 1
                else "마스크의 줄과 열을 바꾸어(전치하여) 씁니다.")
        readings.append((Probe.MASK_AXIS, mask.transpose(-2, -1), what))
    return readings


# ---------------------------------------------------------------- a matrix used with rows and columns swapped
TRANSPOSE_BASES = 3  # wrong cases the transposed matrix must make right, the failing one first


def _transposed_argument(evidence: Evidence) -> CheckFailed | None:
    """A 2-D floating argument that, given transposed, makes the answer right on every wrong case tried (the answer
    itself transposes it, as `x @ W.T` for a weight already laid out [d_in, d_out]), on some case where the
    transpose is not the matrix itself."""
    wrong = sorted((judged for judged in evidence.judged if not judged.right and _small_enough_to_vary(judged.case)),
                   key=lambda judged: judged.case is not evidence.failing)[:TRANSPOSE_BASES]
    if not wrong:
        return None
    matrices = [index for index, parameter in enumerate(evidence.parameters)
                if all(_is_matrix(_argument(judged.case, index, parameter.name)) for judged in wrong)
                and not all(_symmetric(_argument(judged.case, index, parameter.name)) for judged in wrong)]
    for chosen in [[index] for index in matrices] + ([matrices] if len(matrices) > 1 else []):
        cases = [_with_transposed(evidence, judged.case, chosen) for judged in wrong]
        runs = evidence.run(cases)
        if all(Judged(judged.case, judged.expected, run).right for judged, run in zip(wrong, runs)):
            names = [evidence.parameters[index].name for index in chosen]
            shapes = [list(_argument(wrong[0].case, index, name).shape) for index, name in zip(chosen, names)]
            if len(names) == 1:
                return _verdict(evidence, Probe.TRANSPOSED_ARGUMENT, seen_on=wrong[0].case, argument=names[0],
                                shape=shapes[0])
            return _verdict(evidence, Probe.TRANSPOSED_ARGUMENT, TRANSPOSED_ARGUMENTS, seen_on=wrong[0].case,
                            arguments=", ".join(names), transposed=", ".join(f"{name}ᵀ" for name in names),
                            shapes=", ".join(f"{name} {shape}" for name, shape in zip(names, shapes)))
    return None


def _is_matrix(value) -> bool:
    return isinstance(value, torch.Tensor) and value.dim() == 2 and value.is_floating_point()


def _symmetric(matrix: torch.Tensor) -> bool:
    return torch.equal(matrix, matrix.T)


def _with_transposed(evidence: Evidence, case: Case, indices: list[int]) -> Case:
    """`case` with the matrix arguments at `indices` transposed, one and all."""
    for index in indices:
        name = evidence.parameters[index].name
        case = _with_argument(case, index, name, _argument(case, index, name).T.contiguous())
    return case


# ---------------------------------------------------------------- an argument that never reaches the result
def _ignored_argument(evidence: Evidence) -> CheckFailed | None:
    """An argument (or a number field of a record argument) whose every variation moves the reference's result
    and leaves the student's as it was, tried around the failing case, then around other wrong cases that
    returned a value (where a variation the failing case cannot take, such as another head count, is valid)."""
    return next((found for judged in _bases_for_variations(evidence)
                 if (found := _ignored_around(evidence, judged)) is not None), None)


def _ignored_around(evidence: Evidence, judged: Judged) -> CheckFailed | None:
    trials = {}  # argument's name → [(a varied value, the case with it)] for the variations that move the reference
    still = []  # the other variations the reference takes: they change only the result's length or shape
    for name, cases in _varied_cases(evidence, judged.case):
        moving = [(varied, case) for varied, case in cases if _moves_reference(evidence, judged, case)]
        if moving:
            trials[name] = moving
        still += [case for _, case in cases if name not in trials and
                  _reference_if_valid(evidence.exercise, case) is not None]
    runs = iter(evidence.run([case for tried in trials.values() for _, case in tried]))
    ignored = [name for name, tried in trials.items()
               if all([_unchanged(judged, next(runs)) for _ in tried])]  # a list: every run is taken in turn
    if not ignored:
        return None
    read = sorted(evidence.code.globals_read())
    if len(ignored) == len(trials) and _constant(evidence, judged, still):
        if not read:
            return None  # every argument ignored: a constant, not one argument left out
        # a constant computed from the notebook's variables: every argument is replaced by them
        return _verdict(evidence, Probe.USES_NOTEBOOK_GLOBAL, seen_on=judged.case, argument=", ".join(ignored),
                        global_name=", ".join(read))
    name = ignored[0]
    values = [varied for varied, _ in trials[name]]
    if all(isinstance(value, int | float) and not isinstance(value, bool) for value in values):
        return _verdict(evidence, Probe.PARAMETER_NOT_PASSED, seen_on=judged.case, argument=name,
                        tried=", ".join(map(repr, values)))
    if read:
        named = name if name in read else ", ".join(read)
        return _verdict(evidence, Probe.USES_NOTEBOOK_GLOBAL, seen_on=judged.case, argument=name, global_name=named)
    return _verdict(evidence, Probe.IGNORES_ARGUMENT, seen_on=judged.case, argument=name)


def _constant(evidence: Evidence, judged: Judged, others: list[Case]) -> bool:
    """The answer's result stays as it was on every one of `others` (variations of arguments that do not move the
    reference's values, such as a longer padding): nothing seen to follow any argument."""
    return all(_same_result(judged, run) for run in evidence.run(others))


def _varied_cases(evidence: Evidence, case: Case) -> list[tuple[str, list[tuple[object, Case]]]]:
    """(an argument's name, [(a varied value, `case` with it)]) for each argument, and for each number field of an
    argument that is a record (dataclass), named 'params.eps'."""
    varied = []
    for index, parameter in enumerate(evidence.parameters):
        value = _argument(case, index, parameter.name, parameter.default)
        others = _other_keys(value, case) if isinstance(value, str) else _variations(value, evidence.generator)
        varied.append((parameter.name, [(other, _with_argument(case, index, parameter.name, other))
                                        for other in others]))
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                number = getattr(value, field.name)
                if isinstance(number, int | float) and not isinstance(number, bool):
                    varied.append((f"{parameter.name}.{field.name}", [
                        (other, _with_argument(case, index, parameter.name,
                                               dataclasses.replace(value, **{field.name: other})))
                        for other in _variations(number, evidence.generator)]))
    return varied


def _other_keys(name: str, case: Case) -> list[str]:
    """For a text argument that is a key of a table (dict) argument, such as a token looked up in a vocabulary: the
    first other key of that table with another value; [] for other text."""
    for table in (*case.args, *case.kwargs.values()):
        if isinstance(table, dict) and name in table:
            return next(([key] for key, value in table.items() if isinstance(key, str) and value != table[name]), [])
    return []


BASES_TRIED = 3  # wrong cases the arguments are varied around


def _bases_for_variations(evidence: Evidence) -> list[Judged]:
    """The wrong cases small enough to vary that returned a value of modest size, the failing one first, at most
    BASES_TRIED."""
    usable = sorted((judged for judged in evidence.judged if not judged.right and judged.run.error is None
                     and not judged.run.timed_out and _modest(judged.expected, judged.run.value)
                     and _small_enough_to_vary(judged.case)),
                    key=lambda judged: judged.case is not evidence.failing)
    return usable[:BASES_TRIED]


VARIED_ELEMENTS = 2_000_000  # numbers a case's arguments may hold for the probes to send changed copies of it


def _small_enough_to_vary(case: Case) -> bool:
    """The case's arguments hold at most VARIED_ELEMENTS numbers. A changed copy of a real model's vocabulary table
    (11.7 million) goes to the grading kernel whole, past its message's size, and shows nothing a small one does not:
    both judges vary the small cases only."""
    arrays = [value for value in (*case.args, *case.kwargs.values()) if isinstance(value, torch.Tensor | np.ndarray)]
    return sum(math.prod(array.shape) for array in arrays) <= VARIED_ELEMENTS


def _moves_reference(evidence: Evidence, judged: Judged, case: Case) -> bool:
    """The variation changes a right answer's result: its values, not only its shape. A variation that only
    reshapes it (another head count where every head gives the same weights, as with one real key) would leave an
    answer that averages or drops that axis unchanged too, and prove nothing about it."""
    expected = _reference_if_valid(evidence.exercise, case)
    if expected is None or compare(judged.expected, expected, "") is None:
        return False
    return _shaped_like(judged.expected, expected) or _distinct_values(judged.expected) != _distinct_values(expected) \
        or _numbers(judged.expected) and _numbers(expected)  # a sequence of ids: its length is a value of its own


DISTINCT_DIGITS = 6  # decimals two values must share to count as one


def _distinct_values(value) -> frozenset | None:
    """The set of distinct numbers of a tensor or array result (items of a tuple in turn); None for others."""
    if isinstance(value, tuple | list):
        parts = [_distinct_values(item) for item in value]
        return None if None in parts else frozenset(enumerate(parts))
    if isinstance(value, torch.Tensor | np.ndarray):
        numbers = torch.as_tensor(np.asarray(value.detach() if isinstance(value, torch.Tensor) else value),
                                  dtype=torch.float64)
        return frozenset(numbers.round(decimals=DISTINCT_DIGITS).unique().tolist())
    return None


def _same_result(judged: Judged, run: guard.StudentRun) -> bool:
    return run.error is None and not run.timed_out and compare(judged.run.value, run.value, "") is None


def _unchanged(judged: Judged, run: guard.StudentRun) -> bool:
    """The run returned exactly the numbers the judged run did: an argument that never reaches the result leaves
    every bit as it was, while one that is used with only a small effect (an eps beside a large variance, a small
    table added after a normalisation) moves it by less than the comparison's tolerance, but moves it."""
    return run.error is None and not run.timed_out and _identical(judged.run.value, run.value)


def _identical(first, second) -> bool:
    if isinstance(first, tuple | list):
        return isinstance(second, tuple | list) and len(first) == len(second) and \
            all(_identical(one, other) for one, other in zip(first, second))
    if isinstance(first, torch.Tensor | np.ndarray):
        if not isinstance(second, type(first)) or tuple(first.shape) != tuple(second.shape) or \
                first.dtype != second.dtype:
            return False
        if isinstance(first, np.ndarray):
            return bool(np.array_equal(first, second, equal_nan=first.dtype.kind in "fc"))
        return bool(((first == second) | (first.isnan() & second.isnan())).all()) if first.is_floating_point() \
            else torch.equal(first, second)
    try:
        return bool(first == second) or (isinstance(first, float) and math.isnan(first) and math.isnan(second))
    except (TypeError, ValueError, RuntimeError):
        return compare(first, second, "") is None


def _argument(case: Case, index: int, name: str, default=None):
    """The value `case` passes for the parameter, or `default` when it passes none (an empty default: None)."""
    if name in case.kwargs:
        return case.kwargs[name]
    if index < len(case.args):
        return case.args[index]
    return None if default is inspect.Parameter.empty else default


def _with_argument(case: Case, index: int, name: str, value) -> Case:
    if name in case.kwargs or index >= len(case.args):
        return replace(case, kwargs={**case.kwargs, name: value})
    return replace(case, args=(*case.args[:index], value, *case.args[index + 1:]))


def _variations(value, generator: torch.Generator) -> list:
    """Other values of the same kind, to see whether the result follows; [] for what is not varied."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, dict):  # a table such as a vocabulary: the same keys, their values passed round by one
        values = list(value.values())
        return [dict(zip(value, values[1:] + values[:1]))] if len(value) > 1 else []
    if isinstance(value, int):
        return [value + 1, value * 2, value - 1]
    if isinstance(value, float):
        return [value * 100 if value else 1.0, value / 100]
    if isinstance(value, torch.Generator):
        return [type(value)().manual_seed(value.initial_seed() + 7)]
    if isinstance(value, np.ndarray):
        return [varied.numpy() for varied in _variations(torch.from_numpy(value.copy()), generator)]
    if isinstance(value, torch.Tensor):
        if value.is_floating_point():
            spread = float(value.std()) if value.numel() > 1 else 1.0
            noisy = value + torch.randn(value.shape, generator=generator, dtype=value.dtype) * (spread or 1.0)
            # and its last axis reversed: an answer that uses the argument through a step (argmax, a threshold, a
            # rounding) can keep its result under small noise, never under both changes
            flipped = value.flip(-1) if value.dim() else value
            return [noisy] if torch.equal(flipped, value) else [noisy, flipped]
        return [value.roll(1, dims=-1)] if value.dim() else []
    if isinstance(value, list | tuple) and len(value) > 1:
        return [type(value)(reversed(value))]
    return []


# ---------------------------------------------------------------- random numbers not drawn from the generator given
def _generator_not_followed(evidence: Evidence) -> CheckFailed | None:
    """Two generators of one seed: the reference draws the same numbers from both, the answer two different ones.
    A failing call that gives no generator is given one of the seed another case gives."""
    for index, parameter in enumerate(evidence.parameters):
        given = next((value for case in (evidence.failing, *evidence.cases, *evidence.examples)
                      if isinstance(value := _argument(case, index, parameter.name), torch.Generator)), None)
        if given is None:
            continue
        twins = [_with_argument(evidence.failing, index, parameter.name,
                                torch.Generator().manual_seed(given.initial_seed())) for _ in range(2)]
        first, second = evidence.run(twins)
        if first.error is None and second.error is None and compare(first.value, second.value, "") is not None:
            read = sorted(evidence.code.globals_read())
            probe = Probe.USES_NOTEBOOK_GLOBAL if read else Probe.IGNORES_ARGUMENT
            source = f"노트북의 변수 {', '.join(read)}" if read else f"{GLOBAL_RANDOM_STATE}"
            return _verdict(evidence, probe, GENERATOR_NOT_FOLLOWED, argument=parameter.name, source=source)
    return None


# ---------------------------------------------------------------- a notebook variable that fits the example only
def _global_fits_example_only(evidence: Evidence) -> CheckFailed | None:
    """The answer reads a notebook variable, is right on a lecture example (where the notebook's variables are
    that example's inputs) and wrong elsewhere."""
    read = sorted(evidence.code.globals_read())
    wrong = [judged for judged in evidence.judged if not judged.right]
    if not read or not wrong:
        return None
    examples = [case for case in evidence.examples if case.raises is None]
    right = [case for case, run in zip(examples, evidence.run(examples))
             if Judged(case, _reference(evidence.exercise, case), run).right]
    if not right:
        return None
    return _verdict(evidence, Probe.USES_NOTEBOOK_GLOBAL, GLOBAL_FITS_EXAMPLE_ONLY, global_name=", ".join(read),
                    example=right[0].label, outcome=_what_went_wrong(wrong[0]))


# ---------------------------------------------------------------- a size of the lecture's example written in
SIZE_ERROR = re.compile(r"\bshape\b|\bsize\b|dimension", re.IGNORECASE)
# torch.stack's and torch.cat's complaint that the tensors put together differ from each other: two arguments of
# other sizes joined (weights of different widths stacked), not a number written in
ARGUMENTS_DIFFER = re.compile(r"expects each tensor to be equal size|Sizes of tensors must match except")


def _size_fits_example_only(evidence: Evidence) -> CheckFailed | None:
    """The answer is right on every lecture example, and on every case it gets wrong it raises an error about
    sizes (a view to a shape that does not fit, sizes that do not match), other than tensors joined that differ
    from each other."""
    wrong = [judged for judged in evidence.judged if not judged.right]
    if not wrong or not all(judged.run.error is not None and SIZE_ERROR.search(str(judged.run.error))
                            and not ARGUMENTS_DIFFER.search(str(judged.run.error)) for judged in wrong):
        return None
    examples = [case for case in evidence.examples if case.raises is None]
    runs = evidence.run(examples)
    if not examples or not all(Judged(case, _reference(evidence.exercise, case), run).right
                               for case, run in zip(examples, runs)):
        return None
    first = next((judged for judged in wrong if judged.case is evidence.failing), wrong[0])
    error = f"{type(first.run.error).__name__}: {_trimmed(str(first.run.error))}"
    return _verdict(evidence, Probe.IGNORES_ARGUMENT, SIZE_FITS_EXAMPLE_ONLY, seen_on=first.case,
                    example=examples[0].label, error=error)


# ---------------------------------------------------------------- an error that says what was misused
VALUES_INDICES = re.compile(r"torch\.return_types\.(\w+)")  # in any error about max/min/sort(dim=…)'s pair
# the pair sliced like a tensor (`x.sort(dim=-1)[..., -1:]`): Python's error names a tuple, not the pair's type, so
# the pair is named only when the answer calls exactly one of the methods that return one
TUPLE_SLICED = re.compile(r"tuple indices must be integers or slices")
PAIR_METHODS = ("max", "min", "sort", "topk", "median", "kthvalue", "mode", "cummax", "cummin")
MANY_NUMBERS_FOR_ONE = ("can be converted to Python scalars", "cannot be converted to Scalar")
MANY_NUMBERS_FOR_ONE_TRUTH = ("Boolean value of Tensor with more than one value is ambiguous",
                              "truth value of an array with more than one element is ambiguous")
INDEX_OUT_OF_RANGE = re.compile(r"index (\d+) is out of bounds for dimension 0 with size (\d+)"
                                r"|index out of range in self")
MAX_ERROR_TEXT = 160  # characters of the student's error message quoted back


def idiom_misused(error: BaseException) -> bool:
    """The error's message says which Python or torch idiom was misused (what :func:`_error_explained` names
    without looking further)."""
    text = str(error)
    return bool(VALUES_INDICES.search(text)) or any(phrase in text for phrase in
                                                    (*MANY_NUMBERS_FOR_ONE, *MANY_NUMBERS_FOR_ONE_TRUTH))


def _error_explained(evidence: Evidence) -> CheckFailed | None:
    """The first error (the failing case's first) whose message says which Python or torch idiom was misused."""
    erred = sorted((judged for judged in evidence.judged if judged.run.error is not None),
                   key=lambda judged: judged.case is not evidence.failing)
    for judged in erred:
        text = str(judged.run.error)
        error = f"{type(judged.run.error).__name__}: {_trimmed(text)}"
        reduction = _pair_reduction(evidence, judged.run.error)
        if reduction:
            return _verdict(evidence, Probe.VALUES_INDICES_PAIR, seen_on=judged.case, error=error,
                            reduction=reduction)
        if any(phrase in text for phrase in MANY_NUMBERS_FOR_ONE):
            used = MATH_MODULE_USED if "math" in evidence.code.names_reached() else CONVERSION_USED
            return _verdict(evidence, Probe.SCALAR_FUNCTION_ON_TENSOR, seen_on=judged.case, error=error, used=used)
        if any(phrase in text for phrase in MANY_NUMBERS_FOR_ONE_TRUTH):
            return _verdict(evidence, Probe.SCALAR_FUNCTION_ON_TENSOR, TRUTH_VALUE_OF_MANY, seen_on=judged.case,
                            error=error)
        beyond = INDEX_OUT_OF_RANGE.search(text) if isinstance(judged.run.error, IndexError) else None
        if beyond:
            found = _index_beyond_table(evidence, judged.case, int(beyond.group(2)) if beyond.group(2) else None)
            if found is not None:
                index, table, rows, largest = found
                largest = int(beyond.group(1)) if beyond.group(1) else largest
                return _verdict(evidence, Probe.INDEX_BEYOND_TABLE, seen_on=judged.case, error=error,
                                index=f"`{index}`", table=table, rows=rows, last=rows - 1, largest=largest)
    return None


def _pair_reduction(evidence: Evidence, error: BaseException) -> str | None:
    """The method whose (values, indices) pair the error shows used as a tensor: named in the error, or, for a tuple
    sliced like a tensor, the one such method the answer calls."""
    pair = VALUES_INDICES.search(str(error))
    if pair:
        return pair.group(1)
    if not isinstance(error, TypeError) or not TUPLE_SLICED.search(str(error)):
        return None
    called = [method for method in PAIR_METHODS if method in evidence.code.names_reached()]
    return called[0] if len(called) == 1 else None


def _raises_on_valid(evidence: Evidence) -> CheckFailed | None:
    """The exception the exercise asks for on its invalid inputs, raised on an input that must give a result (a
    length check with >= where the text says longer), by the answer's own check: the error reads as the one it
    raises on an input that must be refused (a library's error of that class, numpy's ValueError for shapes, is
    not a check the answer wrote). The failing case first."""
    refused = [case for case in evidence.cases if case.raises is not None]
    asked = tuple(kind for case in refused
                  for kind in (case.raises if isinstance(case.raises, tuple) else (case.raises,)))
    erred = sorted((judged for judged in evidence.judged if asked and isinstance(judged.run.error, asked)),
                   key=lambda judged: judged.case is not evidence.failing)
    if not erred:
        return None
    own = [run.error for run in evidence.run(refused) if isinstance(run.error, asked)]
    first = next((judged for judged in erred if any(_same_check(judged.run.error, error) for error in own)), None)
    if first is None:
        return None
    error = f"{type(first.run.error).__name__}: {_trimmed(str(first.run.error))}"
    return _verdict(evidence, Probe.WRONG_EXCEPTION, RAISES_ON_VALID, seen_on=first.case, case=first.case.label,
                    error=error)


SAME_CHECK_PREFIX = 12  # characters two messages of one raise statement share before the values it puts in


def _same_check(first: BaseException, second: BaseException) -> bool:
    """Two errors of one class whose messages agree but for numbers, or in their first SAME_CHECK_PREFIX
    characters: one raise statement of the answer."""
    if type(first) is not type(second):
        return False
    one, other = (re.sub(r"\d+", "#", str(error)) for error in (first, second))
    return one == other or (len(one) >= SAME_CHECK_PREFIX and one[:SAME_CHECK_PREFIX] == other[:SAME_CHECK_PREFIX])


def _trimmed(text: str) -> str:
    return text if len(text) <= MAX_ERROR_TEXT else text[:MAX_ERROR_TEXT - 1] + "…"


def _index_beyond_table(evidence: Evidence, case: Case, rows: int | None) -> tuple[str, str, int, int] | None:
    """(index argument, table argument, the table's rows, the index's largest number) for the one pair of
    arguments where an integer tensor holds a number past the rows of a table (a 2-D floating tensor) with
    `rows` rows (any, when the error does not say); None unless exactly one pair fits."""
    named = [(parameter.name, _argument(case, index, parameter.name))
             for index, parameter in enumerate(evidence.parameters)]
    indices = [(name, int(value.max())) for name, value in named if isinstance(value, torch.Tensor)
               and value.numel() and not value.is_floating_point() and value.dtype != torch.bool]
    tables = [(name, value.shape[0]) for name, value in named if isinstance(value, torch.Tensor)
              and value.dim() == 2 and value.is_floating_point() and rows in (None, value.shape[0])]
    fits = [(index, table, length, largest) for index, largest in indices for table, length in tables
            if largest >= length]
    return fits[0] if len(fits) == 1 else None


# ---------------------------------------------------------------- every value off by one constant factor
def _constant_factor(evidence: Evidence) -> CheckFailed | None:
    """CONSTANT_FACTOR when on every case the answer is the reference's result times one number (a number per case,
    not 1 on some case); else the same around one catalogued mistake: that entry's variant times one number."""
    if any(judged.run.error is not None or judged.run.timed_out for judged in evidence.judged):
        return None
    factors = _factors(evidence.judged, [judged.expected for judged in evidence.judged])
    if factors:
        return _verdict(evidence, Probe.CONSTANT_FACTOR, factors=_factors_text(factors))
    for entry in misconceptions.for_exercise(evidence.exercise.name):
        factors = _factors(evidence.judged, [_variant_result(entry.variant, judged.case) for judged in evidence.judged])
        if factors:
            message = two_mistakes_message(ProbeMessage(entry.explanation, entry.hint),
                                           CONSTANT_FACTOR_AROUND_MISTAKE)
            return _verdict(evidence, Probe.CONSTANT_FACTOR, message, factors=_factors_text(factors),
                            code=two_mistakes_id(entry.id, Probe.CONSTANT_FACTOR.value))
    return None


def _variant_result(variant: Callable, case: Case):
    try:
        return case.call(variant)
    except Exception:  # noqa: BLE001 - the variant cannot run here: it is not what the answer does
        return None


ANY_FACTOR = math.inf  # a differing result of one distinct value: a multiple of any other, no evidence of a factor


def _factors(judged: list[Judged], results: list) -> list[float]:
    """The number each case's answer is `results` times, when every case has one and some case's is not 1
    (cases where any number fits left out); else []."""
    factors = [_case_factor(result, one.run.value, one.case.slack) for result, one in zip(results, judged)]
    if None in factors:
        return []
    factors = [factor for factor in factors if factor != ANY_FACTOR]
    return factors if any(factor != 1.0 for factor in factors) else []


def _case_factor(expected, got, slack: float) -> float | None:
    """1.0 when `got` matches `expected`; λ when every item that differs is λ · its expected item; ANY_FACTOR when
    the items that differ hold one distinct value each; else None."""
    if expected is None:
        return None
    if compare(expected, got, "", slack=slack) is None:
        return 1.0
    if isinstance(expected, tuple | list):
        if not isinstance(got, tuple | list) or len(got) != len(expected):
            return None
        if all(isinstance(want, float) for want in expected):  # numbers: one ratio shared by two or more
            return _numbers_factor(expected, got, slack)
        found = {_case_factor(want, have, slack) for want, have in zip(expected, got)} - {1.0}
        if None in found:
            return None
        found = sorted(found - {ANY_FACTOR})
        if not found:
            return ANY_FACTOR
        return found[0] if found[-1] - found[0] <= 1e-4 * max(map(abs, found)) else None
    if not _shaped_like(expected, got) or not (_dtype_family(expected) == _dtype_family(got) == "실수(float)"):
        return None
    want, have = (torch.as_tensor(np.asarray(value.detach() if isinstance(value, torch.Tensor) else value),
                                  dtype=torch.float64) for value in (expected, got))
    if want.unique().numel() < 2:
        return ANY_FACTOR if have.unique().numel() < 2 else None
    return constant_factor(want, have)


def _numbers_factor(expected: tuple | list, got: tuple | list, slack: float) -> float | None:
    """For a result of several Python numbers: λ when every number that differs is λ times its expected one and two
    or more differ (one number alone is a multiple of anything: ANY_FACTOR); None otherwise."""
    if not all(isinstance(have, float | int) and not isinstance(have, bool) for have in got):
        return None
    differing = [(want, float(have)) for want, have in zip(expected, got) if compare(want, have, "", slack=slack)]
    if not differing:
        return 1.0
    if any(want == 0 or not math.isfinite(want) or not math.isfinite(have) for want, have in differing):
        return None
    ratios = sorted(have / want for want, have in differing)
    if len(ratios) < 2:
        return ANY_FACTOR
    return ratios[0] if ratios[-1] - ratios[0] <= 1e-4 * max(map(abs, ratios)) else None


def _factors_text(factors: list[float]) -> str:
    """'×0.7071 (곧 ÷1.414)', one per distinct number, the ones of the cases where it is not 1."""
    distinct = sorted({round(factor, 4) for factor in factors if factor != 1.0})
    texts = [f"×{factor:.4g}" + (f" (곧 ÷{1 / factor:.4g})" if abs(factor) < 1 else "") for factor in distinct[:3]]
    return ", ".join(texts) + (" — 입력마다 다른 수" if len(distinct) > 1 else "")


# ---------------------------------------------------------------- one position's input reaching other positions
POSITION_BASES = 2  # wrong cases one position of an argument is changed around, the failing one first


def _mixes_positions(evidence: Evidence) -> CheckFailed | None:
    """One position of a floating argument (index 0 of an axis other than its last) changed: the reference's result
    moves only within one index of some axis of the result (a right answer's other positions cannot follow it), and
    the answer's moves outside the places the reference's moved (a sum, mean or softmax along another axis, a
    normalisation over the whole tensor). The answer must give the same result again on the unchanged case, before
    and after the changed ones: a random answer moves everywhere."""
    for judged in _bases_for_variations(evidence)[:POSITION_BASES]:
        if not _shaped_like(judged.expected, judged.run.value):
            continue
        trials = [(name, where, case, reach) for name, where, case in _positions_changed(evidence, judged.case)
                  if (expected := _reference_if_valid(evidence.exercise, case)) is not None
                  and (reach := _reach(judged.expected, expected)) is not None]
        if not trials:
            continue
        # the unchanged case run anew (a copy: a case's run is kept by its identity) before and after the changed
        # ones: an answer drawing random numbers (dropout) moves between them
        first, *runs, last = evidence.run([replace(judged.case), *(case for _, _, case, _ in trials),
                                           replace(judged.case)])
        if not (_unchanged(judged, first) and _unchanged(judged, last)):
            continue
        for (name, where, _, reach), run in zip(trials, runs):
            if run.error is None and not run.timed_out and _shaped_like(judged.expected, run.value) and \
                    _moves_elsewhere(reach, judged.expected, judged.run.value, run.value):
                return _verdict(evidence, Probe.MIXES_POSITIONS, seen_on=judged.case, argument=name, where=where)
    return None


def _positions_changed(evidence: Evidence, case: Case) -> list[tuple[str, str, Case]]:
    """(argument, which position, `case` with that position of the argument changed) for every floating tensor or
    array argument of 2 or more axes and each of its axes but the last that is longer than 1."""
    changed = []
    for index, parameter in enumerate(evidence.parameters):
        value = _argument(case, index, parameter.name)
        numpy = isinstance(value, np.ndarray)
        tensor = torch.from_numpy(value.copy()) if numpy and value.dtype.kind == "f" else value
        if not isinstance(tensor, torch.Tensor) or not tensor.is_floating_point() or tensor.dim() < 2:
            continue
        spread = float(tensor.std()) or 1.0
        for axis in range(tensor.dim() - 1):
            if tensor.shape[axis] < 2:
                continue
            moved = tensor.clone()
            position = moved.select(axis, 0)
            position += torch.randn(position.shape, generator=evidence.generator, dtype=moved.dtype) * spread
            where = f"모양 {list(tensor.shape)}의 {axis}번 축에서 0번째"
            changed.append((parameter.name, where,
                            _with_argument(case, index, parameter.name, moved.numpy() if numpy else moved)))
    return changed


def _as_tensors(value) -> list[torch.Tensor] | None:
    """The tensors and arrays of a result (items of a tuple in turn) as torch tensors; None for anything else."""
    items = value if isinstance(value, tuple | list) else (value,)
    if not items or not all(isinstance(item, torch.Tensor | np.ndarray) for item in items):
        return None
    return [torch.as_tensor(np.asarray(item.detach() if isinstance(item, torch.Tensor) else item)) for item in items]


def _moved(before: torch.Tensor, after: torch.Tensor, scale: float) -> torch.Tensor:
    """Where `after` differs from `before` by more than rounding (NaN where NaN was is no move)."""
    if not before.is_floating_point():
        return before != after
    return ~torch.isclose(before.double(), after.double(), rtol=1e-4, atol=1e-6 * scale, equal_nan=True)


def _reach(before, after) -> list[torch.Tensor | None] | None:
    """Where a right answer's result may move when one position of an argument changes, per tensor of the result:
    the indices of each axis longer than 1 along which the reference's moves all share one index (a slice, and the
    union of such slices: an element that happens to keep its value inside the slice is still reachable); None for
    a tensor the change did not move. None when the reference did not move, or moved some tensor outside every
    such slice."""
    firsts, seconds = _as_tensors(before), _as_tensors(after)
    if firsts is None or seconds is None or len(firsts) != len(seconds):
        return None
    reach: list[torch.Tensor | None] = []
    for first, second in zip(firsts, seconds):
        if first.shape != second.shape:
            return None
        moved = _moved(first, second, _scale(first))
        if not moved.any():
            reach.append(None)
            continue
        where = moved.nonzero()
        axes = [axis for axis in range(first.dim())
                if first.shape[axis] > 1 and bool((where[:, axis] == where[0, axis]).all())]
        if not axes:
            return None
        reachable = torch.zeros(first.shape, dtype=torch.bool)
        for axis in axes:
            reachable.select(axis, int(where[0, axis])).fill_(True)
        reach.append(reachable)
    return reach if any(reachable is not None for reachable in reach) else None


def _scale(tensor: torch.Tensor) -> float:
    if not tensor.is_floating_point() or not tensor.numel():
        return 1.0
    finite = tensor[tensor.isfinite()].double()
    return float(finite.abs().max()) if finite.numel() else 1.0


def _moves_elsewhere(reach: list[torch.Tensor | None], expected, got, got_moved) -> bool:
    """The answer's result moved outside the reach of a right answer's, in a tensor the change moved."""
    wants, haves, haves_moved = _as_tensors(expected), _as_tensors(got), _as_tensors(got_moved)
    if None in (wants, haves, haves_moved):
        return False
    for reachable, want, have, have_moved in zip(reach, wants, haves, haves_moved):
        if reachable is None or have.shape != want.shape or have_moved.shape != want.shape or \
                have.dtype != have_moved.dtype:
            continue
        if bool((_moved(have, have_moved, max(_scale(want), _scale(have))) & ~reachable).any()):
            return True
    return False


# ---------------------------------------------------------------- a division written upside down
def _reciprocal(evidence: Evidence) -> CheckFailed | None:
    """On every case the answer is one number over the reference's result (b / a for a / b) wherever that result is
    not 0, on some case whose reference result has two or more distinct values there (where one over it tells
    something)."""
    if any(judged.run.error is not None or judged.run.timed_out for judged in evidence.judged):
        return None
    factors = [_case_factor(*pair, judged.case.slack) if (pair := _one_over(judged.expected, judged.run.value))
               else None for judged in evidence.judged]
    if None in factors or all(factor == ANY_FACTOR for factor in factors):
        return None
    told = [factor for factor in factors if factor != ANY_FACTOR]
    text = "" if all(abs(factor - 1.0) <= 1e-4 for factor in told) else f"에 같은 수를 곱한 것({_factors_text(told)})"
    return _verdict(evidence, Probe.RECIPROCAL, factors=text)


def _one_over(expected, got) -> tuple[torch.Tensor, torch.Tensor] | None:
    """(1 / the reference's floating result, the answer's result) where the reference's is finite and not 0, when
    both are tensors or arrays of one shape and such places exist; None otherwise."""
    if not isinstance(expected, torch.Tensor | np.ndarray) or not _shaped_like(expected, got) or \
            _dtype_family(expected) != "실수(float)" or _dtype_family(got) != "실수(float)":
        return None
    want, have = (torch.as_tensor(np.asarray(value.detach() if isinstance(value, torch.Tensor) else value),
                                  dtype=torch.float64) for value in (expected, got))
    kept = want.isfinite() & (want != 0)
    return (1 / want[kept], have[kept]) if bool(kept.any()) else None


# ---------------------------------------------------------------- the right values rounded
ROUNDING_DECIMALS = (0, 1, 2, 3, 4)


def _rounded_result(evidence: Evidence) -> CheckFailed | None:
    """On every case the answer is the reference's result rounded to one number of decimals, which changes that
    result on some case."""
    for decimals in ROUNDING_DECIMALS:
        rounded = [_round(judged.expected, decimals) for judged in evidence.judged]
        if any(value is None for value in rounded) or \
                all(compare(judged.expected, value, "") is None for judged, value in zip(evidence.judged, rounded)):
            continue
        if all(judged.run.error is None and not judged.run.timed_out and
               compare(value, judged.run.value, "", slack=judged.case.slack) is None
               for judged, value in zip(evidence.judged, rounded)):
            return _verdict(evidence, Probe.ROUNDED_RESULT, digits=f"소수 {decimals}자리" if decimals else "정수")
    return None


def _round(value, decimals: int):
    """`value` rounded to `decimals` (each item of a tuple or list); None for what has no rounding here."""
    if isinstance(value, bool) or isinstance(value, int):
        return value
    if isinstance(value, float):
        return round(value, decimals)
    if isinstance(value, torch.Tensor):
        return torch.round(value, decimals=decimals) if value.is_floating_point() else value
    if isinstance(value, np.ndarray):
        return np.round(value, decimals) if value.dtype.kind == "f" else value
    if isinstance(value, tuple | list):
        items = [_round(item, decimals) for item in value]
        return None if any(item is None for item in items) else type(value)(items)
    return None


# ---------------------------------------------------------------- a size used for the result's shape only
def _size_for_shape_only(evidence: Evidence) -> CheckFailed | None:
    """An integer argument whose other value changes the reference's result in shape and in the values where the two
    shapes overlap, and the answer's in shape as the reference's but not in those values (d_model used for the
    number of columns while the formula has the paper's 512 written in)."""
    for judged in _bases_for_variations(evidence):
        if _as_tensors(judged.run.value) is None:
            continue
        trials = []
        for index, parameter in enumerate(evidence.parameters):
            value = _argument(judged.case, index, parameter.name, parameter.default)
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            for other in (value * 2, value + 1):
                case = _with_argument(judged.case, index, parameter.name, other)
                expected = _reference_if_valid(evidence.exercise, case)
                if expected is not None and _overlap_moves(judged.expected, expected):
                    trials.append((parameter.name, other, case, expected))
        runs = evidence.run([case for _, _, case, _ in trials])
        for (name, other, _, expected), run in zip(trials, runs):
            if run.error is None and not run.timed_out and _shaped_like(expected, run.value) and \
                    _shaped_like(judged.expected, judged.run.value) and \
                    not _overlap_moves(judged.run.value, run.value, exactly=True):
                return _verdict(evidence, Probe.PARAMETER_NOT_PASSED, SIZE_FOR_SHAPE_ONLY, seen_on=judged.case,
                                argument=name, tried=repr(other))
    return None


def _overlap_moves(before, after, exactly: bool = False) -> bool:
    """`before` and `after` have tensors of the same number of axes, some of another shape, and some value where
    their shapes overlap differs (`exactly`: by any amount; else by more than rounding)."""
    firsts, seconds = _as_tensors(before), _as_tensors(after)
    if firsts is None or seconds is None or len(firsts) != len(seconds) or \
            all(first.shape == second.shape for first, second in zip(firsts, seconds)):
        return False
    for first, second in zip(firsts, seconds):
        if first.dim() != second.dim():
            return False
        overlap = tuple(slice(0, min(one, other)) for one, other in zip(first.shape, second.shape))
        old, new = first[overlap], second[overlap]
        if not old.numel():
            continue
        if (not _identical(old, new)) if exactly else bool(_moved(old, new, _scale(old)).any()):
            return True
    return False


# ---------------------------------------------------------------- a factor that follows a number argument
FORMULA_TRIES = (1, 2)  # added to a number argument, then it times FORMULA_TIMES: values of its formula compared
FORMULA_TIMES = 3
FACTOR_KEPT = 1e-5  # a factor of a formula is the same to rounding; one of a sample's statistics only nearly


def _argument_formula(evidence: Evidence) -> CheckFailed | None:
    """The answer is the reference's result times one number on the failing case, and, with a number argument
    changed (which moves the reference's result), times another number: the argument reaches the result through
    another formula (ln d_k for √d_k). A factor that stays put with the argument is CONSTANT_FACTOR's."""
    judged = evidence.failing_judged
    if judged is None or judged.run.error is not None or not _small_enough_to_vary(judged.case):
        return None
    factor = _case_factor(judged.expected, judged.run.value, judged.case.slack)
    if factor is None or factor in (1.0, ANY_FACTOR):
        return None
    for index, parameter in enumerate(evidence.parameters):
        if not _factor_kept(evidence, judged, factor, parameter.name):
            continue
        value = _argument(judged.case, index, parameter.name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            continue
        tried = [(other, case) for other in (*(value + step for step in FORMULA_TRIES), value * FORMULA_TIMES)
                 if _moves_reference(evidence, judged, case := _with_argument(judged.case, index, parameter.name,
                                                                              other))]
        factors = [(other, _case_factor(_reference(evidence.exercise, case), run.value, case.slack))
                   for (other, case), run in zip(tried, evidence.run([case for _, case in tried]))
                   if run.error is None and not run.timed_out]
        if not factors or any(found in (None, ANY_FACTOR) for _, found in factors):
            continue
        if any(abs(found - factor) > 1e-3 * abs(factor) for _, found in factors):
            said = ", ".join(f"{parameter.name}={number}: ×{found:.4g}"
                             for number, found in ((value, factor), *factors))
            return _verdict(evidence, Probe.ARGUMENT_FORMULA, argument=parameter.name, factors=said)
    return None


def _factor_kept(evidence: Evidence, judged: Judged, factor: float, argument: str) -> bool:
    """Some other argument's variation that moves the reference's result leaves the answer's factor as it was: the
    factor follows `argument` alone, not the input's numbers (a sample rescaled by its own spread) or a random draw."""
    for name, cases in _varied_cases(evidence, judged.case):
        moving = [case for _, case in cases if name != argument and _moves_reference(evidence, judged, case)]
        if moving:
            run = evidence.run(moving[:1])[0]
            if run.error is not None or run.timed_out:
                return False
            found = _case_factor(_reference(evidence.exercise, moving[0]), run.value, moving[0].slack)
            return found not in (None, ANY_FACTOR) and abs(found - factor) <= FACTOR_KEPT * abs(factor)
    return False


# ---------------------------------------------------------------- a function of the right result
RESULT_FUNCTIONS: tuple[tuple[str, Callable[[torch.Tensor], torch.Tensor]], ...] = (
    ("exp(기준 값)", torch.exp), ("ln(기준 값)", torch.log), ("(기준 값)²", torch.square),
    ("√(기준 값)", torch.sqrt), ("−(기준 값)", torch.neg), ("1 − (기준 값)", lambda values: 1 - values))


def _function_of_result(evidence: Evidence) -> CheckFailed | None:
    """On every case the answer is one function (exp, ln, square, √, minus, 1 −) of the reference's floating
    result, which that function changes on some case."""
    if any(judged.run.error is not None or judged.run.timed_out for judged in evidence.judged):
        return None
    for what, function in RESULT_FUNCTIONS:
        mapped = [_mapped(judged.expected, function) for judged in evidence.judged]
        if any(value is None for value in mapped) or \
                all(compare(judged.expected, value, "") is None for judged, value in zip(evidence.judged, mapped)):
            continue
        if all(compare(value, judged.run.value, "", slack=judged.case.slack) is None
               for judged, value in zip(evidence.judged, mapped)):
            return _verdict(evidence, Probe.FUNCTION_OF_RESULT, what=what)
    return None


def _mapped(value, function: Callable[[torch.Tensor], torch.Tensor]):
    """`function` of every floating number of `value` (each item of a tuple or list), the container and dtype kept;
    None when `value` holds no floating number or something else than numbers, tensors and arrays."""
    if isinstance(value, torch.Tensor):
        return function(value) if value.is_floating_point() else None
    if isinstance(value, np.ndarray):
        return function(torch.from_numpy(value.copy())).numpy() if value.dtype.kind == "f" else None
    if isinstance(value, float):
        return float(function(torch.tensor(value, dtype=torch.float64)))
    if isinstance(value, tuple | list) and value:
        items = [_mapped(item, function) for item in value]
        return None if any(item is None for item in items) else type(value)(items)
    return None


# ---------------------------------------------------------------- each row rescaled by a number of its own
def _rows_rescaled(evidence: Evidence) -> CheckFailed | None:
    """On every case each row (a slice along the last axis) of the answer's result is the reference's row times a
    number of its own, and on some case those numbers differ between rows (one number for all is CONSTANT_FACTOR's)."""
    if any(judged.run.error is not None or judged.run.timed_out for judged in evidence.judged):
        return None
    per_case = [_row_factors(judged.expected, judged.run.value, judged.case.slack) for judged in evidence.judged]
    if any(factors is None for factors in per_case):
        return None
    uneven = [factors for factors in per_case if max(factors, default=1.0) - min(factors, default=1.0)
              > 1e-3 * max(map(abs, factors), default=1.0)]
    if not uneven:
        return None
    said = ", ".join(f"{row}번 줄 ×{factor:.4g}" for row, factor in enumerate(uneven[0][:3]))
    return _verdict(evidence, Probe.ROWS_RESCALED, factors=said + (" …" if len(uneven[0]) > 3 else ""))


def _row_factors(expected, got, slack: float) -> list[float] | None:
    """[] when `got` matches `expected`; the number each row of a floating tensor or array result of two or more axes
    is its expected row times (rows of zeros left out); None when some row is no multiple of its own."""
    if compare(expected, got, "", slack=slack) is None:
        return []
    if not isinstance(expected, torch.Tensor | np.ndarray) or not _shaped_like(expected, got) or \
            expected.ndim < 2 or _dtype_family(expected) != "실수(float)" or _dtype_family(got) != "실수(float)":
        return None
    want, have = (torch.as_tensor(np.asarray(value.detach() if isinstance(value, torch.Tensor) else value),
                                  dtype=torch.float64).reshape(-1, expected.shape[-1]) for value in (expected, got))
    factors = []
    for want_row, have_row in zip(want, have):
        if not bool(want_row.any()):
            continue
        factor = constant_factor(want_row, have_row)
        if factor is None:
            return None
        factors.append(factor)
    return factors


# ---------------------------------------------------------------- the right formula of a changed argument
ARGUMENT_FUNCTIONS: tuple[tuple[str, Callable[[torch.Tensor], torch.Tensor]], ...] = (
    ("softmax({argument})", lambda values: torch.softmax(values, dim=-1)), ("exp({argument})", torch.exp),
    ("ln({argument})", torch.log), ("|{argument}|", torch.abs), ("−{argument}", torch.neg),
    ("{argument}²", torch.square))


def _function_of_argument(evidence: Evidence) -> CheckFailed | None:
    """On every case small enough to vary the answer is the reference given one floating argument passed through
    one function (softmax over the last axis, exp, ln, abs, minus, square), which changes the reference's result on
    some case: the answer applies it first (a softmax of weights that already are one)."""
    judged = [one for one in evidence.judged if _small_enough_to_vary(one.case)]
    if not judged or any(one.run.error is not None or one.run.timed_out for one in judged):
        return None
    for index, parameter in enumerate(evidence.parameters):
        if not all(_floating(_argument(one.case, index, parameter.name)) for one in judged):
            continue
        for what, function in ARGUMENT_FUNCTIONS:
            cases = [_with_argument(one.case, index, parameter.name,
                                    _mapped(_argument(one.case, index, parameter.name), function)) for one in judged]
            expected = [_reference_if_valid(evidence.exercise, case) for case in cases]
            if any(want is None for want in expected) or \
                    all(compare(one.expected, want, "") is None for one, want in zip(judged, expected)):
                continue
            if all(compare(want, one.run.value, "", slack=one.case.slack) is None
                   for one, want in zip(judged, expected)):
                return _verdict(evidence, Probe.FUNCTION_OF_ARGUMENT, argument=parameter.name,
                                what=what.format(argument=parameter.name))
    return None


def _floating(value) -> bool:
    return isinstance(value, torch.Tensor) and value.is_floating_point() or \
        isinstance(value, np.ndarray) and value.dtype.kind == "f"


# ---------------------------------------------------------------- one number or a bias added
def _offset(evidence: Evidence) -> CheckFailed | None:
    """On every case the answer is the reference's floating result plus one difference, not 0 on some case whose
    result has two or more distinct values: the same number everywhere, or ± a vector argument along the last axis
    (a bias or beta left out or added twice)."""
    if any(judged.run.error is not None or judged.run.timed_out for judged in evidence.judged):
        return None
    differences = [_difference(judged.expected, judged.run.value, judged.case.slack) for judged in evidence.judged]
    if any(difference is None for difference in differences) or not any(
            bool(difference.abs().max() > 0) and _float64(judged.expected).unique().numel() > 1
            for difference, judged in zip(differences, evidence.judged) if difference.numel() > 1):
        return None  # one number alone is any number plus any other: no evidence of an offset
    for index, parameter in enumerate(evidence.parameters):
        for sign in (1.0, -1.0):
            if all(_offset_is(difference, sign, _argument(judged.case, index, parameter.name))
                   for difference, judged in zip(differences, evidence.judged)):
                told = ("에", "한 번 더 더한", "두 번 더했습니다") if sign > 0 else ("에서", "뺀", "더하지 않았습니다")
                return _verdict(evidence, Probe.OFFSET, ARGUMENT_OFFSET, argument=parameter.name, sign=told[0],
                                how=told[1], mistake=told[2])
    if not all(_single_value(difference) for difference in differences):
        return None
    said = sorted({round(float(difference.flatten()[0]), 4)
                   for difference in differences if difference.numel()} - {0.0})
    return _verdict(evidence, Probe.OFFSET, offsets=", ".join(f"{value:+.4g}" for value in said[:3]))


def _difference(expected, got, slack: float) -> torch.Tensor | None:
    """The answer's floating tensor or array result minus the reference's (empty when they agree), in float64;
    None when the two are not floating results of one shape."""
    if compare(expected, got, "", slack=slack) is None:
        return torch.zeros(0, dtype=torch.float64)
    if not isinstance(expected, torch.Tensor | np.ndarray) or not _shaped_like(expected, got) or \
            _dtype_family(expected) != "실수(float)" or _dtype_family(got) != "실수(float)":
        return None
    want, have = _float64(expected), _float64(got)
    if not bool((want.isfinite() & have.isfinite()).all()):
        return None
    return have - want


def _single_value(difference: torch.Tensor) -> bool:
    return not difference.numel() or bool(torch.allclose(difference, difference.flatten()[0].expand_as(difference),
                                                        rtol=0, atol=ATOL_OFFSET * _spread(difference)))


ATOL_OFFSET = 1e-4  # of the difference's own size: float32 rounding, not another formula


def _spread(difference: torch.Tensor) -> float:
    return max(float(difference.abs().max()), 1e-6)


def _offset_is(difference: torch.Tensor, sign: float, vector) -> bool:
    """`difference` is sign · `vector` (a floating 1-D argument as long as the result's last axis) in every row; an
    empty difference (a right case) fits any."""
    if not difference.numel():
        return True
    if not _floating(vector) or vector.ndim != 1 or vector.shape[0] != difference.shape[-1]:
        return False
    offset = sign * _float64(vector)
    return bool(offset.any()) and bool(torch.allclose(difference, offset.expand_as(difference), rtol=1e-4, atol=1e-5))


def _float64(value: torch.Tensor | np.ndarray) -> torch.Tensor:
    numbers = np.asarray(value.detach() if isinstance(value, torch.Tensor) else value)
    return torch.as_tensor(numbers, dtype=torch.float64)
