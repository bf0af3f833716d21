"""The grading engine: run a student's function on many inputs, compare with the reference,
and when it is wrong, say what is wrong in Korean.

A check fails with an AssertionError whose first line is a tag the autograder's report
counts, ``[진단: <exercise>/<code>]``: a misconception id from :mod:`helpers.misconceptions`
when the submission matches a catalogued wrong variant, otherwise one of ``not_callable``,
``not_from_parts``, ``not_implemented``, ``error``, ``timeout``, ``forbidden``, ``inplace``,
``hardcoded``, ``wrong_exception``, ``mismatch``, ``tampered``.
"""

from __future__ import annotations

import hashlib
import hmac
import numbers
import zlib
from dataclasses import dataclass

import numpy as np
import torch
from pandas import DataFrame

from helpers import chapters, misconceptions
from helpers.grading import guard
from helpers.grading.spec import Case, Exercise, StudentFunction
from helpers.grading.student import LocalFunction, StudentCode
from helpers.grading.verdict import CheckFailed, part_tag

RTOL, ATOL = 1e-4, 1e-5  # float32 tolerance, applied to every floating comparison


# Found once, while this module is imported: a check made from a fresh copy of the package must
# grade with that copy's chapters, not with whatever sys.modules holds when it runs.
_CHAPTERS = chapters.modules("helpers.grading")
_EXERCISES = {exercise.name: exercise for chapter in _CHAPTERS for exercise in chapter.EXERCISES}
# exercise → (its chapter's exercises, its problem number there): the parts a composite may build on
_PROBLEMS = {exercise.name: (tuple(e.name for e in chapter.EXERCISES), number)
             for chapter in _CHAPTERS for number, exercise in enumerate(chapter.EXERCISES, start=1)}


def exercises() -> dict[str, Exercise]:
    """Every exercise of every chapter, by function name, in chapter order."""
    return dict(_EXERCISES)


def assignments() -> dict[str, list[str]]:
    """Every chapter's nbgrader assignment id → the names of its exercises."""
    return {chapter.CHAPTER.assignment: [exercise.name for exercise in chapter.EXERCISES] for chapter in _CHAPTERS}


def seed_for(name: str, secret: bytes | None = None) -> int:
    """A fixed seed per exercise: the same inputs every run, on every machine. Without `secret` it is public
    (what the visible tests diagnose with); with the course's secret only the grader can draw the cases."""
    if secret is None:
        return zlib.crc32(name.encode("utf-8"))
    digest = hmac.new(secret, name.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# ---------------------------------------------------------------- the two entry points
def _exercise(name: str) -> Exercise:
    known = exercises()
    if name not in known:
        raise ValueError(f"no exercise named {name!r}; the exercises are {sorted(known)}")
    return known[name]


def hidden_cases(name: str, secret: bytes | None = None) -> list[Case]:
    """The hidden cases of the exercise `name`, drawn from its own fixed seed."""
    return _exercise(name).cases(torch.Generator().manual_seed(seed_for(name, secret)))


def check(name: str, function: StudentFunction) -> None:
    """Hidden test: `function` must agree with the reference on every random case."""
    _say(grade_code(name, LocalFunction(function, name), hidden_cases(name)))


def check_example(name: str, function: StudentFunction) -> None:
    """Visible test: `function` must reproduce the lecture's own example(s)."""
    exercise = _exercise(name)
    _say(grade_code(name, LocalFunction(function, name), _examples(exercise), diagnose_on=_diagnosis_cases(exercise)))


def check_trusted(name: str, code: StudentCode, secret: bytes) -> str:
    """The grader's verdict on `code`: the lecture's examples and the hidden cases drawn from the course's
    `secret`. Raises CheckFailed; returns the note for a right composite built on wrong parts ("" if none)."""
    exercise = _exercise(name)
    cases = _examples(exercise) + hidden_cases(name, secret)
    return grade_code(name, code, cases, secret=secret)


def _say(note: str) -> None:
    if note:
        print(note)


def _examples(exercise: Exercise) -> list[Case]:
    examples = exercise.example()
    return list(examples) if isinstance(examples, list | tuple) else [examples]


def _diagnosis_cases(exercise: Exercise) -> list[Case]:
    return _examples(exercise) + hidden_cases(exercise.name)


def grade_code(name: str, code: StudentCode, cases: list[Case], diagnose_on: list[Case] | None = None,
               secret: bytes | None = None) -> str:
    """Raise CheckFailed at the first of `cases` where `code` misbehaves or is wrong, diagnosed on
    `diagnose_on` (default: `cases`); else return the note on wrong parts of a right composite ("" if none)."""
    exercise = _exercise(name)
    try:
        guard.verify_environment()
    except guard.TamperedEnvironment as tampering:
        raise CheckFailed(name, "tampered", f"채점에 쓰는 함수가 학생 셀에서 바뀌어 채점할 수 없습니다 ({tampering}). "
                                            "그런 코드를 지우고 커널을 다시 시작한 뒤 실행하세요.") from None
    instead = code.not_callable()
    if instead is not None:
        raise CheckFailed(name, "not_callable", f"{name} 은(는) 함수여야 하는데 {instead}. "
                                                f"`def {name}(...)` 셀을 실행했는지 확인하세요.")
    diagnose_on = diagnose_on or cases
    # One mistake costs once: a composite is graded on its own code, with the course's parts in place of
    # the student's (each part is graded by its own test).
    parts = _parts_called(exercise, code)
    try:
        _grade_values(exercise, _subject(exercise, code, parts), cases, diagnose_on)
    except CheckFailed as failure:
        note = _wrong_parts_note(exercise, code, parts, diagnose_on, secret)
        if note:
            raise CheckFailed(name, failure.code.split("/", 1)[1], f"{failure.message}\n{note}") from None
        raise
    # Right values, then the structure the exercise asks for: a wrong answer hears about its values first.
    # The parts may be called through functions of the student's own.
    missing = [part for part in exercise.uses if part not in code.names_reached()]
    if missing:
        raise CheckFailed(name, "not_from_parts", f"{name} 은(는) 앞에서 작성한 함수 {', '.join(exercise.uses)} 를 "
                                                  f"불러서 만들어야 합니다. 부르지 않은 함수: {', '.join(missing)}")
    note = _wrong_parts_note(exercise, code, parts, diagnose_on, secret)
    return f"{name} 자체의 코드는 맞아서 이 문제의 점수는 그대로입니다.\n{note}" if note else ""


def _grade_values(exercise: Exercise, graded: _Subject, cases: list[Case], diagnose_on: list[Case]) -> None:
    """Raise CheckFailed at the first case where `graded` misbehaves or differs from the reference."""
    _prepare(exercise, graded, cases)
    for case in cases:
        # The reference runs first: torch's one-time lazy set-up then happens outside the
        # student's timed, profiled call.
        expected = None if case.raises else case.call(exercise.reference)
        run = _run(exercise, graded, case)
        _raise_on_misbehaviour(exercise, case, run)
        if case.raises is not None:
            _check_raised(exercise, graded, case, run, diagnose_on)
            continue
        if run.error is not None:
            raise _explain(exercise, graded, case, None, diagnose_on, error=run.error)
        difference = _compare_output(exercise, expected, run.value, case.slack)
        if difference is not None:
            raise _explain(exercise, graded, case, difference, diagnose_on)


# ---------------------------------------------------------------- composites and their parts
@dataclass(frozen=True)
class _Subject:
    """The student's code as a check runs it: the course's parts in place of the student's, and the
    reference functions it may call on the way."""

    code: StudentCode
    course_parts: tuple[str, ...]
    allowed: tuple[str, ...]


def _subject(exercise: Exercise, code: StudentCode, parts: tuple[str, ...], keep: str | None = None) -> _Subject:
    """`code` run with the course's `parts` (but `keep`, the student's own), which it may then call."""
    course_parts = tuple(part for part in parts if part != keep)
    return _Subject(code, course_parts, exercise.allowed + course_parts)


def _parts_called(exercise: Exercise, code: StudentCode) -> tuple[str, ...]:
    """The earlier exercises of the same chapter (and the declared parts) that `code` calls by name, itself or
    through functions of the student's own."""
    chapter_names, number = _PROBLEMS[exercise.name]
    earlier = set(chapter_names[: number - 1]) | set(exercise.uses)
    called = code.names_reached()
    return tuple(sorted(part for part in earlier if part in called))


def _wrong_parts_note(exercise: Exercise, code: StudentCode, parts: tuple[str, ...], cases: list[Case],
                      secret: bytes | None) -> str:
    """Korean lines naming each student-written part that changes the composite's results, each with
    its own test's verdict; "" when the student's parts give what the course's parts give."""
    lines = []
    for part, verdict in _wrong_parts(exercise, code, parts, cases, secret).items():
        problem = f"문제 {_PROBLEMS[part][1]}"
        lines.append(f"{part_tag(exercise.name, verdict.code)} {problem} 의 {part} 이(가) 틀려서, 학생이 쓴 "
                     f"{part} 함수로 실행하면 {exercise.name} 도 다른 값을 냅니다. {part} 의 진단: "
                     f"{verdict.message.splitlines()[0]} — {problem}{_object_particle(_PROBLEMS[part][1])} "
                     "고치면 함께 맞게 됩니다.")
    return "\n".join(lines)


def _wrong_parts(exercise: Exercise, code: StudentCode, parts: tuple[str, ...], cases: list[Case],
                 secret: bytes | None) -> dict[str, CheckFailed]:
    """part → its own test's verdict, for each student-written part that changes the composite's results.
    A part whose own code is right but which calls a wrong part of its own hands the blame down."""
    course = _subject(exercise, code, parts)
    wrong: dict[str, CheckFailed] = {}
    for part in parts:
        candidate = code.own_part(part)
        if candidate is None:
            continue
        alone = _subject(exercise, code, parts, keep=part)
        if not _part_changes_results(exercise, alone, course, cases):
            continue
        try:
            grade_code(part, candidate, hidden_cases(part, secret), secret=secret)  # its own note is read below
        except CheckFailed as failure:
            wrong.setdefault(part, failure)
            continue
        below = _wrong_parts(_exercise(part), candidate, _parts_called(_exercise(part), candidate),
                             hidden_cases(part, secret), secret)
        for name, verdict in (below or {part: _unexplained(part)}).items():
            wrong.setdefault(name, verdict)
    return wrong


def _unexplained(part: str) -> CheckFailed:
    """A part that passes its own hidden test, yet changes the composite's results on its inputs."""
    return CheckFailed(part, "mismatch", f"{part} 의 숨은 테스트는 통과하지만, 이 문제의 입력에서는 기준과 다릅니다.")


def _part_changes_results(exercise: Exercise, with_student_part: _Subject, with_course_parts: _Subject,
                          cases: list[Case]) -> bool:
    """True when swapping one course part for the student's changes the composite's result on some case."""
    compared = [case for case in cases if case.raises is None]
    _prepare(exercise, with_course_parts, compared)
    _prepare(exercise, with_student_part, compared)
    for case in compared:
        course_run = _run(exercise, with_course_parts, case)
        if course_run.error is not None or course_run.timed_out:
            continue
        run = _run(exercise, with_student_part, case)
        if run.timed_out or run.forbidden or run.error is not None:
            return True
        if compare(course_run.value, run.value, "", slack=case.slack) is not None:
            return True
    return False


def _object_particle(number: int) -> str:
    """' 을' or ' 를' after a number read in Korean (삼을, 사를), spaced as the house style writes it."""
    return " 을" if number % 10 in (0, 1, 3, 6, 7, 8) else " 를"


def _prepare(exercise: Exercise, subject: _Subject, cases: list[Case]) -> None:
    subject.code.prepare(exercise, cases, subject.course_parts)


def _run(exercise: Exercise, subject: _Subject, case: Case) -> guard.StudentRun:
    return subject.code.run(exercise, case, subject.course_parts, subject.allowed)


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
        changed = case.args[run.modified_input]
        kind = "배열" if isinstance(changed, np.ndarray) else "텐서"
        raise CheckFailed(name, "inplace", f"입력 {case.label} 의 {run.modified_input + 1}번째 인자를 바꾸었습니다. "
                                           f"입력은 그대로 두고 새 {kind}를 만드세요: "
                                           "`x -= m` 대신 `x = x - m`처럼 씁니다.")


def _check_raised(exercise: Exercise, subject: _Subject, case: Case, run: guard.StudentRun,
                  cases: list[Case]) -> None:
    expected = case.raises if isinstance(case.raises, tuple) else (case.raises,)
    wanted = " 또는 ".join(kind.__name__ for kind in expected)
    if run.error is None:
        raise _catalogued(exercise, subject, case, cases) or CheckFailed(
            exercise.name, "wrong_exception", f"입력 {case.label} 에서 {wanted} 를 내야 하는데 "
                                              f"값 {_short(run.value)} 을(를) 돌려주었습니다.")
    if not isinstance(run.error, expected):
        raise _catalogued(exercise, subject, case, cases) or CheckFailed(
            exercise.name, "wrong_exception", f"입력 {case.label} 에서 {wanted} 를 내야 하는데 "
                                              f"{type(run.error).__name__}: {run.error} 가 났습니다.")
    if case.message_contains and case.message_contains not in str(run.error):
        raise CheckFailed(exercise.name, "wrong_exception",
                          f"입력 {case.label} 의 오류 메시지에 {case.message_contains!r}가 들어 있어야 무엇을 "
                          f"고칠지 알 수 있습니다. 받은 메시지: {run.error}")


def _compare_output(exercise: Exercise, expected, got, slack: float = 0.0) -> str | None:
    """compare(), naming the items of a tuple result by the exercise's output_names."""
    label = f"{exercise.name} 의 결과"
    names = exercise.output_names
    if not (isinstance(expected, tuple) and names and isinstance(got, tuple | list) and len(got) == len(names)):
        return compare(expected, got, label, explain=True, slack=slack)
    for name, want, have in zip(names, expected, got):
        difference = compare(want, have, f"{label} {name}", explain=True, slack=slack)
        if difference is not None:
            order = _item_order(expected, got)
            if order is not None:
                return (f"{label}: 값은 모두 맞고 순서만 다릅니다. ({', '.join(names)}) 순서로 돌려줘야 하는데 "
                        f"({', '.join(names[index] for index in order)}) 순서입니다.")
            return difference
    return None


# ---------------------------------------------------------------- diagnosis
def _explain(exercise: Exercise, subject: _Subject, failing: Case, difference: str | None, cases: list[Case],
             error: BaseException | None = None) -> CheckFailed:
    """The most specific message we can give for a wrong answer or an error."""
    catalogued = _catalogued(exercise, subject, failing, cases)
    if catalogued is not None:
        return catalogued
    if isinstance(error, NotImplementedError):
        return CheckFailed(exercise.name, "not_implemented", "아직 함수를 작성하지 않았습니다. "
                           "`raise NotImplementedError()` 줄을 지우고 코드를 채운 뒤 셀을 실행하세요.")
    if error is not None:
        return CheckFailed(exercise.name, "error", f"입력 {failing.label} 에서 오류가 났습니다: "
                                                   f"{type(error).__name__}: {error}\n도움말: {exercise.lecture}")
    if _returns_example_answer(exercise, failing, _run(exercise, subject, failing)):
        return CheckFailed(exercise.name, "hardcoded", "강의 예시의 정답을 그대로 돌려줍니다. 입력이 바뀌어도 맞도록 "
                                                       f"계산하는 코드를 작성하세요. (확인한 입력: {failing.label})")
    return CheckFailed(exercise.name, "mismatch", f"입력 {failing.label} 에서 기준과 다릅니다. {difference}\n"
                                                  f"도움말: {exercise.lecture}")


def _catalogued(exercise: Exercise, subject: _Subject, failing: Case, cases: list[Case]) -> CheckFailed | None:
    """The catalogued misconception the function behaves like on `cases` (and on `failing`), if any."""
    compared = [case for case in cases if case.raises is None] + ([failing] if failing.raises else [])
    _prepare(exercise, subject, compared)
    runs = {id(case): _run(exercise, subject, case) for case in compared}
    for entry in misconceptions.for_exercise(exercise.name):
        if _behaves_like(entry.variant, compared, runs):
            return CheckFailed(exercise.name, entry.id,
                               f"{entry.explanation}\n도움말: {entry.hint}\n(확인한 입력: {failing.label})")
    return None


def _behaves_like(variant: StudentFunction, cases: list[Case], runs: dict) -> bool:
    """True when the student's function fails exactly where `variant` fails and agrees with it
    everywhere else, on at least one input. A case that must raise counts only when it is the one
    the student got wrong: there the variant must do the same wrong thing."""
    compared = 0
    for case in cases:
        run = runs[id(case)]
        if run.timed_out or run.forbidden or run.modified_input is not None:
            return False
        try:
            wrong = case.call(variant)
        except Exception as variant_error:  # noqa: BLE001 - the variant cannot run here: the student must not either
            if run.error is None or (case.raises and type(run.error) is not type(variant_error)):
                return False
            compared += bool(case.raises)
            continue
        if run.error is not None or compare(wrong, run.value, "", slack=case.slack) is not None:
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
def compare(expected, got, label: str, explain: bool = False, slack: float = 0.0) -> str | None:
    """None when `got` matches `expected` (same kind, shape, dtype family, values within
    RTOL/ATOL, ATOL widened by `slack` for tensors and arrays); otherwise a Korean sentence saying the first
    difference and, with `explain`, how the two relate when they do (a factor, a sign, a transpose,
    reordered rows or items)."""
    if isinstance(expected, torch.Tensor):
        return _compare_tensor(expected, got, label, explain=explain, slack=slack)
    if isinstance(expected, np.ndarray):
        if not isinstance(got, np.ndarray):
            return f"{label}: numpy 배열(np.ndarray)이어야 하는데 {type(got).__name__} 입니다."
        return _compare_tensor(torch.from_numpy(expected), torch.from_numpy(got), label, kind="numpy 배열",
                               explain=explain, slack=slack)
    if isinstance(expected, DataFrame):
        return _compare_frame(expected, got, label)
    if isinstance(expected, tuple):
        return _compare_sequence(expected, got, label, "튜플", explain, slack)
    if isinstance(expected, list):
        return _compare_sequence(expected, got, label, "리스트", explain, slack)
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


def _compare_tensor(expected: torch.Tensor, got, label: str, kind: str = "torch 텐서",
                    explain: bool = False, slack: float = 0.0) -> str | None:
    if not isinstance(got, torch.Tensor):
        return f"{label}: {kind}여야 하는데 {type(got).__name__} 입니다."
    if tuple(got.shape) != tuple(expected.shape):
        reordered = (" 축의 길이는 같고 순서만 다릅니다: transpose/permute 나 view 의 순서를 확인하세요."
                     if explain and sorted(got.shape) == sorted(expected.shape) else "")
        return f"{label}: 모양이 {list(expected.shape)} 이어야 하는데 {list(got.shape)} 입니다.{reordered}"
    if expected.dtype == torch.bool and got.dtype != torch.bool:
        return f"{label}: True/False (bool) 여야 하는데 dtype 이 {got.dtype} 입니다."
    if expected.is_floating_point() and not got.is_floating_point():
        return f"{label}: 실수(float) 여야 하는데 dtype 이 {got.dtype} 입니다."
    expected64, got64 = expected.detach().double(), got.detach().double()
    both_nan = expected64.isnan() & got64.isnan()
    same_inf = expected64.isinf() & (expected64 == got64)
    close = (got64 - expected64).abs() <= ATOL + slack + RTOL * expected64.abs()
    bad = ~(close | both_nan | same_inf)
    if not bool(bad.any()):
        return None
    position = tuple(int(i) for i in bad.nonzero()[0].tolist())
    count = int(bad.sum())
    relation = _relation(expected64, got64) if explain else ""
    return (f"{label}: 위치 {position} 에서 {_number(expected64[position])} 이어야 하는데 "
            f"{_number(got64[position])} 입니다 ({bad.numel()}칸 중 {count}칸이 다릅니다)."
            + (f" 살펴보면 {relation}" if relation else ""))


def _all_close(expected: torch.Tensor, got: torch.Tensor) -> bool:
    """Every value within tolerance, infinities and NaNs where the other has them (float64 inputs)."""
    return expected.shape == got.shape and bool(torch.isclose(got, expected, rtol=RTOL, atol=ATOL,
                                                              equal_nan=True).all())


def _relation(expected: torch.Tensor, got: torch.Tensor) -> str:
    """How a wrong tensor relates to the right one, in Korean, when a simple relation holds (checked on
    the values, not guessed): opposite sign, a constant factor, a constant offset, the last two axes
    transposed, the rows (second-last axis) reordered. "" when none holds."""
    finite = expected.isfinite() & got.isfinite()
    if not bool(finite.all()) or expected.numel() < 2:
        return ""
    if _all_close(-expected, got):
        return "모든 값의 부호가 반대입니다."
    energy = float((expected * expected).sum())
    if energy > 0:
        factor = float((expected * got).sum()) / energy
        if abs(factor) > ATOL and _all_close(expected * factor, got):
            return f"모든 값이 기준의 {factor:.4g}배입니다 (곱하거나 나누는 수를 확인하세요)."
    offset = float((got - expected).mean())
    if _all_close(expected + offset, got):
        return f"모든 값이 기준보다 {offset:+.4g} 만큼 차이 납니다 (더하거나 빼는 항을 확인하세요)."
    if expected.dim() >= 2 and expected.shape[-1] == expected.shape[-2] and \
            _all_close(expected.transpose(-2, -1), got):
        return "기준의 마지막 두 축을 바꾼(전치한) 값입니다: 줄과 열이 뒤바뀌었습니다."
    order = _row_order(expected, got)
    if order is not None:
        return f"줄(행)의 값은 모두 맞고 순서만 다릅니다: 받은 줄은 기준의 줄 번호(0부터) {order} 순서입니다."
    return ""


def _row_order(expected: torch.Tensor, got: torch.Tensor) -> list[int] | None:
    """The order of the expected rows (second-last axis) that `got` holds, when it is the same rows
    reordered in the same way in every matrix of the batch; None otherwise."""
    if expected.dim() < 2 or expected.shape[-2] < 2:
        return None
    rows_expected = expected.reshape(-1, *expected.shape[-2:])  # [batch, S, d]
    rows_got = got.reshape(-1, *got.shape[-2:])
    close = torch.isclose(rows_got.unsqueeze(-2), rows_expected.unsqueeze(-3), rtol=RTOL, atol=ATOL).all(-1)
    matched = close.all(0)  # [S got, S expected]: the same pairing in every matrix
    order = [int(row.nonzero()[0]) if bool(row.any()) else -1 for row in matched]
    if -1 in order or sorted(order) != list(range(len(order))) or order == sorted(order):
        return None
    return order


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


def _compare_sequence(expected, got, label: str, kind_name: str, explain: bool = False,
                      slack: float = 0.0) -> str | None:
    if not isinstance(got, tuple | list):
        return f"{label}: 값 {len(expected)}개의 {kind_name}이어야 하는데 {type(got).__name__} 입니다."
    if len(got) != len(expected):
        return f"{label}: 값 {len(expected)}개를 돌려줘야 하는데 {len(got)}개입니다." + (
            _items_kept(expected, got) if explain else "")
    for index, (want, have) in enumerate(zip(expected, got)):
        difference = compare(want, have, f"{label}[{index}]", explain, slack)
        if difference is not None:
            reordered = _item_order(expected, got) if explain else None
            if reordered is not None:
                return (f"{label}: 값은 모두 맞고 순서만 다릅니다. 받은 값은 차례로 기준의 "
                        f"{', '.join(str(index + 1) for index in reordered)} 번째 값입니다.")
            return difference
    return None


def _item_order(expected, got) -> list[int] | None:
    """Which expected item each returned item is, when the items are right but reordered."""
    order = []
    for have in got:
        matches = [index for index, want in enumerate(expected)
                   if index not in order and compare(want, have, "") is None]
        if not matches:
            return None
        order.append(matches[0])
    return order if order != sorted(order) else None


def _items_kept(expected, got) -> str:
    """' 받은 값은 기준의 0, 2 번째 값입니다.' when every returned item is one of the expected ones."""
    found = [next((index for index, want in enumerate(expected) if compare(want, have, "") is None), None)
             for have in got]
    if None in found:
        return ""
    return (f" 받은 값은 차례로 기준의 {', '.join(str(index + 1) for index in found)} 번째 값입니다 "
            "(빠지거나 더해진 값이 있습니다).")


def _close(expected: float, got: float) -> bool:
    if np.isnan(expected) or np.isnan(got):
        return bool(np.isnan(expected) and np.isnan(got))
    return abs(got - expected) <= ATOL + RTOL * abs(expected)


def _number(value: torch.Tensor) -> str:
    return f"{float(value):.6g}"


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
