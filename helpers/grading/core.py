"""The grading engine: run a student's function on many inputs, compare with the reference,
and when it is wrong, say what is wrong in Korean.

A check fails with an AssertionError whose first line is a tag the autograder's report
counts, ``[진단: <exercise>/<code>]``: a misconception id from :mod:`helpers.misconceptions`
when the submission matches a catalogued wrong variant, otherwise one of ``not_callable``,
``not_from_parts``, ``not_implemented``, ``error``, ``timeout``, ``forbidden``, ``inplace``,
``hardcoded``, ``wrong_exception``, ``mismatch``, ``tampered``.
"""

from __future__ import annotations

import numbers
import os
import zlib

import numpy as np
import torch
from pandas import DataFrame

from helpers import chapters, misconceptions, reference
from helpers.grading import guard
from helpers.grading.spec import Case, Exercise, StudentFunction
from helpers.grading.verdict import CheckFailed

RTOL, ATOL = 1e-4, 1e-5  # float32 tolerance, applied to every floating comparison


# Found once, while this module is imported: a check made from a fresh copy of the package must
# grade with that copy's chapters, not with whatever sys.modules holds when it runs.
_CHAPTERS = chapters.modules("helpers.grading")
_EXERCISES = {exercise.name: exercise for chapter in _CHAPTERS for exercise in chapter.EXERCISES}


def exercises() -> dict[str, Exercise]:
    """Every exercise of every chapter, by function name, in chapter order."""
    return dict(_EXERCISES)


def assignments() -> dict[str, list[str]]:
    """Every chapter's nbgrader assignment id → the names of its exercises."""
    return {chapter.CHAPTER.assignment: [exercise.name for exercise in chapter.EXERCISES] for chapter in _CHAPTERS}


def seed_for(name: str) -> int:
    """A fixed seed per exercise: the same inputs every run, on every machine."""
    return zlib.crc32(name.encode("utf-8"))


# ---------------------------------------------------------------- the two entry points
def _exercise(name: str) -> Exercise:
    known = exercises()
    if name not in known:
        raise ValueError(f"no exercise named {name!r}; the exercises are {sorted(known)}")
    return known[name]


def hidden_cases(name: str) -> list[Case]:
    """The hidden cases of the exercise `name`, drawn from its own fixed seed."""
    return _exercise(name).cases(torch.Generator().manual_seed(seed_for(name)))


def check(name: str, function: StudentFunction) -> None:
    """Hidden test: `function` must agree with the reference on every random case."""
    _grade(_exercise(name), function, hidden_cases(name))


def check_example(name: str, function: StudentFunction) -> None:
    """Visible test: `function` must reproduce the lecture's own example(s)."""
    exercise = _exercise(name)
    _grade(exercise, function, _examples(exercise), diagnose_on=_diagnosis_cases(exercise))


def _examples(exercise: Exercise) -> list[Case]:
    examples = exercise.example()
    return list(examples) if isinstance(examples, list | tuple) else [examples]


def _diagnosis_cases(exercise: Exercise) -> list[Case]:
    return _examples(exercise) + hidden_cases(exercise.name)


def _grade(exercise: Exercise, function: StudentFunction, cases: list[Case],
           diagnose_on: list[Case] | None = None) -> None:
    name = exercise.name
    try:
        guard.verify_environment()
    except guard.TamperedEnvironment as tampering:
        raise CheckFailed(name, "tampered", f"채점에 쓰는 함수가 학생 셀에서 바뀌어 채점할 수 없습니다 ({tampering}). "
                                            "그런 코드를 지우고 커널을 다시 시작한 뒤 실행하세요.") from None
    if not callable(function):
        raise CheckFailed(name, "not_callable", f"{name} 은(는) 함수여야 하는데 {type(function).__name__} 입니다. "
                                                f"`def {name}(...)` 셀을 실행했는지 확인하세요.")
    for case in cases:
        # The reference runs first: torch's one-time lazy set-up then happens outside the
        # student's timed, profiled call.
        expected = None if case.raises else case.call(exercise.reference)
        run = _run(exercise, function, case)
        _raise_on_misbehaviour(exercise, case, run)
        if case.raises is not None:
            _check_raised(exercise, case, run)
            continue
        if run.error is not None:
            raise _explain(exercise, function, case, None, diagnose_on or cases, error=run.error)
        difference = _compare_output(exercise, expected, run.value)
        if difference is not None:
            raise _explain(exercise, function, case, difference, diagnose_on or cases)
    # Right values, then the structure the exercise asks for: a wrong answer hears about its values first.
    missing = [part for part in exercise.uses if part not in _names_called(function)]
    if missing:
        raise CheckFailed(name, "not_from_parts", f"{name} 은(는) 앞에서 작성한 함수 {', '.join(exercise.uses)} 를 "
                                                  f"불러서 만들어야 합니다. 부르지 않은 함수: {', '.join(missing)}")


def _names_called(function: StudentFunction) -> set[str]:
    """Global names the function's code (nested functions included) refers to."""
    names, codes = set(), [getattr(function, "__code__", None)]
    while codes:
        code = codes.pop()
        if code is not None:
            names.update(code.co_names)
            codes.extend(const for const in code.co_consts if hasattr(const, "co_names"))
    return names


def _run(exercise: Exercise, function: StudentFunction, case: Case) -> guard.StudentRun:
    return guard.call_student(function, case.args, case.kwargs, time_limit=exercise.time_limit,
                              by_hand=exercise.by_hand, reference_files=_reference_files(),
                              allowed=exercise.allowed)


def _reference_files() -> frozenset[str]:
    return frozenset({os.path.realpath(reference.__file__)})


def _raise_on_misbehaviour(exercise: Exercise, case: Case, run: guard.StudentRun) -> None:
    name = exercise.name
    if run.timed_out:
        raise CheckFailed(name, "timeout", f"입력 {case.label} 에서 {exercise.time_limit:g}초 안에 끝나지 않았습니다. "
                                           "끝나지 않는 반복문이 있는지 확인하세요.")
    if run.forbidden is not None:
        what = ("기준 구현이나 라이브러리의 어텐션을 부르면 안 되는 문제입니다"
                if run.forbidden.startswith("helpers.reference.") or "softmax" not in run.forbidden
                else "softmax 를 직접(손으로) 구현해야 하는 문제입니다")
        raise CheckFailed(name, "forbidden", f"{run.forbidden} 을(를) 불렀습니다. {what}. "
                                             f"{exercise.lecture} 을(를) 보고 직접 계산해 보세요.")
    if run.modified_input is not None:
        raise CheckFailed(name, "inplace", f"입력 {case.label} 의 {run.modified_input + 1}번째 인자를 바꾸었습니다. "
                                           "입력은 그대로 두고 새 텐서를 만드세요: "
                                           "`scores -= m` 대신 `scores = scores - m`처럼 씁니다.")


def _check_raised(exercise: Exercise, case: Case, run: guard.StudentRun) -> None:
    expected = case.raises if isinstance(case.raises, tuple) else (case.raises,)
    wanted = " 또는 ".join(kind.__name__ for kind in expected)
    if run.error is None:
        raise CheckFailed(exercise.name, "wrong_exception", f"입력 {case.label} 에서 {wanted} 를 내야 하는데 "
                                                            f"값 {_short(run.value)} 을(를) 돌려주었습니다.")
    if not isinstance(run.error, expected):
        raise CheckFailed(exercise.name, "wrong_exception", f"입력 {case.label} 에서 {wanted} 를 내야 하는데 "
                                                            f"{type(run.error).__name__}: {run.error} 가 났습니다.")
    if case.message_contains and case.message_contains not in str(run.error):
        raise CheckFailed(exercise.name, "wrong_exception",
                          f"입력 {case.label} 의 오류 메시지에 {case.message_contains!r}가 들어 있어야 무엇을 "
                          f"고칠지 알 수 있습니다. 받은 메시지: {run.error}")


def _compare_output(exercise: Exercise, expected, got) -> str | None:
    """compare(), naming the items of a tuple result by the exercise's output_names."""
    label = f"{exercise.name} 의 결과"
    names = exercise.output_names
    if not (isinstance(expected, tuple) and names and isinstance(got, tuple | list) and len(got) == len(names)):
        return compare(expected, got, label)
    for name, want, have in zip(names, expected, got):
        difference = compare(want, have, f"{label} {name}")
        if difference is not None:
            return difference
    return None


# ---------------------------------------------------------------- diagnosis
def _explain(exercise: Exercise, function: StudentFunction, failing: Case, difference: str | None, cases: list[Case],
             error: BaseException | None = None) -> CheckFailed:
    """The most specific message we can give for a wrong answer or an error."""
    runs = {id(case): _run(exercise, function, case) for case in cases if case.raises is None}
    for entry in misconceptions.for_exercise(exercise.name):
        if _behaves_like(entry.variant, cases, runs):
            return CheckFailed(exercise.name, entry.id,
                               f"{entry.explanation}\n도움말: {entry.hint}\n(확인한 입력: {failing.label})")
    if isinstance(error, NotImplementedError):
        return CheckFailed(exercise.name, "not_implemented", "아직 함수를 작성하지 않았습니다. "
                           "`raise NotImplementedError()` 줄을 지우고 코드를 채운 뒤 셀을 실행하세요.")
    if error is not None:
        return CheckFailed(exercise.name, "error", f"입력 {failing.label} 에서 오류가 났습니다: "
                                                   f"{type(error).__name__}: {error}\n도움말: {exercise.lecture}")
    if _returns_example_answer(exercise, failing, runs.get(id(failing)) or _run(exercise, function, failing)):
        return CheckFailed(exercise.name, "hardcoded", "강의 예시의 정답을 그대로 돌려줍니다. 입력이 바뀌어도 맞도록 "
                                                       f"계산하는 코드를 작성하세요. (확인한 입력: {failing.label})")
    return CheckFailed(exercise.name, "mismatch", f"입력 {failing.label} 에서 기준과 다릅니다. {difference}\n"
                                                  f"도움말: {exercise.lecture}")


def _behaves_like(variant: StudentFunction, cases: list[Case], runs: dict) -> bool:
    """True when the student's function fails exactly where `variant` fails and agrees with it
    everywhere else, on at least one input."""
    compared = 0
    for case in cases:
        if case.raises is not None:
            continue
        run = runs[id(case)]
        if run.timed_out or run.forbidden or run.modified_input is not None:
            return False
        try:
            wrong = case.call(variant)
        except Exception:  # noqa: BLE001 - the variant cannot run here: the student must not either
            if run.error is None:
                return False
            continue
        if run.error is not None or compare(wrong, run.value, "") is not None:
            return False
        compared += 1
    return compared > 0


def _returns_example_answer(exercise: Exercise, failing: Case, run: guard.StudentRun | None) -> bool:
    if run is None or run.error is not None:
        return False
    example = _examples(exercise)[0]
    if failing.label == example.label or example.raises is not None:
        return False
    answer = example.call(exercise.reference)
    return compare(answer, run.value, "") is None


# ---------------------------------------------------------------- comparison
def compare(expected, got, label: str) -> str | None:
    """None when `got` matches `expected` (same kind, shape, dtype family, values within
    RTOL/ATOL); otherwise a Korean sentence saying the first difference."""
    if isinstance(expected, torch.Tensor):
        return _compare_tensor(expected, got, label)
    if isinstance(expected, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"{label}: numpy 배열(np.ndarray)이어야 하는데 {type(got).__name__} 입니다."
        return _compare_tensor(torch.from_numpy(expected), torch.from_numpy(got), label, kind="numpy 배열")
    if isinstance(expected, DataFrame):
        return _compare_frame(expected, got, label)
    if isinstance(expected, tuple):
        return _compare_sequence(expected, got, label, (tuple,), "튜플")
    if isinstance(expected, list):
        return _compare_sequence(expected, got, label, (list,), "리스트")
    if isinstance(expected, bool) or isinstance(expected, numbers.Integral):
        if isinstance(got, bool) != isinstance(expected, bool) or not isinstance(got, numbers.Integral):
            return f"{label}: {type(expected).__name__} 이어야 하는데 {_short(got)} 입니다."
        return None if got == expected else f"{label}: {expected!r} 이어야 하는데 {got!r} 입니다."
    if isinstance(expected, numbers.Real):
        if isinstance(got, torch.Tensor | np.ndarray) or not isinstance(got, numbers.Real):
            return f"{label}: 파이썬 숫자(float)여야 하는데 {type(got).__name__} 입니다. 텐서라면 .item() 을 쓰세요."
        return None if _close(float(expected), float(got)) else \
            f"{label}: {float(expected):.6g} 이어야 하는데 {float(got):.6g} 입니다."
    return None if got == expected else f"{label}: {expected!r} 이어야 하는데 {_short(got)} 입니다."


def _compare_tensor(expected: torch.Tensor, got, label: str, kind: str = "torch 텐서") -> str | None:
    if not isinstance(got, torch.Tensor):
        return f"{label}: {kind}여야 하는데 {type(got).__name__} 입니다."
    if tuple(got.shape) != tuple(expected.shape):
        return f"{label}: 모양이 {list(expected.shape)} 이어야 하는데 {list(got.shape)} 입니다."
    if expected.dtype == torch.bool and got.dtype != torch.bool:
        return f"{label}: True/False (bool) 여야 하는데 dtype 이 {got.dtype} 입니다."
    if expected.is_floating_point() and not got.is_floating_point():
        return f"{label}: 실수(float) 여야 하는데 dtype 이 {got.dtype} 입니다."
    expected64, got64 = expected.detach().double(), got.detach().double()
    both_nan = expected64.isnan() & got64.isnan()
    same_inf = expected64.isinf() & (expected64 == got64)
    close = (got64 - expected64).abs() <= ATOL + RTOL * expected64.abs()
    bad = ~(close | both_nan | same_inf)
    if not bool(bad.any()):
        return None
    position = tuple(int(i) for i in bad.nonzero()[0].tolist())
    count = int(bad.sum())
    return (f"{label}: 위치 {position} 에서 {_number(expected64[position])} 이어야 하는데 "
            f"{_number(got64[position])} 입니다 ({bad.numel()}칸 중 {count}칸이 다릅니다).")


def _compare_frame(expected: DataFrame, got, label: str) -> str | None:
    if not isinstance(got, DataFrame):
        return f"{label}: pandas DataFrame 이어야 하는데 {type(got).__name__} 입니다."
    if list(got.columns) != list(expected.columns):
        return f"{label}: 열 이름이 {list(expected.columns)} 이어야 하는데 {list(got.columns)} 입니다."
    if len(got) != len(expected):
        return f"{label}: 행이 {len(expected)}개여야 하는데 {len(got)}개입니다."
    for column in expected.columns:
        try:
            want = torch.tensor(expected[column].to_numpy(dtype=float))
            have = torch.tensor(got[column].to_numpy(dtype=float))
        except (TypeError, ValueError):
            return f"{label}: 열 {column!r}에 숫자가 아닌 값이 있습니다."
        difference = _compare_tensor(want, have, f"{label} 의 열 {column!r}")
        if difference is not None:
            return difference.replace("위치 (", "행 (")
    return None


def _compare_sequence(expected, got, label: str, kinds: tuple, kind_name: str) -> str | None:
    if not isinstance(got, tuple | list):
        return f"{label}: 값 {len(expected)}개의 {kind_name}이어야 하는데 {type(got).__name__} 입니다."
    if len(got) != len(expected):
        return f"{label}: 값 {len(expected)}개를 돌려줘야 하는데 {len(got)}개입니다."
    for index, (want, have) in enumerate(zip(expected, got)):
        difference = compare(want, have, f"{label}[{index}]")
        if difference is not None:
            return difference
    return None


def _close(expected: float, got: float) -> bool:
    if np.isnan(expected) or np.isnan(got):
        return bool(np.isnan(expected) and np.isnan(got))
    return abs(got - expected) <= ATOL + RTOL * abs(expected)


def _number(value: torch.Tensor) -> str:
    return f"{float(value):.6g}"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
