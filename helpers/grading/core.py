"""The grading engine: run a student's function on many inputs, compare with the reference,
and when it is wrong, say what is wrong in Korean.

A check returns or raises its :class:`helpers.grading.verdict.Verdict`: it fails with ``CheckFailed`` (an
AssertionError) that carries the verdict and whose first line is its tag, ``[진단: <exercise>/<code>]``, and
passes with a verdict that names the wrong parts of a right composite. The code is a misconception id from
:mod:`helpers.misconceptions`
when the submission matches a catalogued wrong variant, otherwise one of ``not_callable``,
``not_from_parts``, ``not_implemented``, ``error``, ``timeout``, ``forbidden``, ``inplace``,
``hardcoded``, ``wrong_exception``, ``dtype`` (right values in another dtype than the texts' rule),
``mismatch``, ``tampered``, and in a visible test only
``wrong_part`` (a composite right in its own code that the student's parts make raise on the example).
"""

from __future__ import annotations

import enum
import hashlib
import hmac
import zlib
from dataclasses import dataclass, replace
from functools import partial

import numpy as np
import torch

from helpers import chapters, misconceptions
from helpers.grading import blame, guard, probes
from helpers.grading.compare import compare, item_order, only_dtype_differs, short
from helpers.grading.spec import Case, Exercise, StudentFunction
from helpers.grading.student import LocalFunction, StudentCode
from helpers.grading.verdict import CheckFailed, CheckResult, CheckResults, FailureKind, Verdict, WrongPart, part_tag
from helpers.korean import Particle, attach

# Found once, while this module is imported: a check made from a fresh copy of the package must
# grade with that copy's chapters, not with whatever sys.modules holds when it runs.
_CHAPTERS = chapters.modules("helpers.grading")
_EXERCISES = {exercise.name: exercise for chapter in _CHAPTERS for exercise in chapter.EXERCISES}
DEPENDENCE_CASES = 4  # cases a composite runs with a marked part, to show it uses that part
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
    cases = hidden_cases(name)
    _say(grade_code(name, LocalFunction(function, name), cases, diagnose_on=_diagnosis_cases(_exercise(name)),
                    drawn=cases).message)


def check_example(name: str, function: StudentFunction) -> None:
    """Visible test: `function` must reproduce the lecture's own example(s); a failure names the checks the public
    draw of hidden cases passes and fails (the grader decides on its own draw). A composite whose own code is right
    fails here when the student's parts make it raise on the example, as the cell's next line would: the message
    says which part to fix instead of that raw error. (Parts that only change its values fail nothing more than
    before: the note naming them is printed.)"""
    exercise = _exercise(name)
    code = LocalFunction(function, name)
    try:
        verdict = grade_code(name, code, _examples(exercise), diagnose_on=_diagnosis_cases(exercise))
    except CheckFailed as failure:  # which checks the public draw passes: what the student can work on next
        drawn = hidden_cases(name)
        raise failure.with_checks(_check_results(exercise, code, failure, _examples(exercise) + drawn, drawn)) \
            from None
    raised = _error_as_written_on_examples(exercise, code) if verdict.parts else None
    if raised is not None:
        parts = [part.exercise for part in verdict.parts]
        problems = [_PROBLEMS[part][1] for part in parts]
        named = ", ".join(f"문제 {number}의 {part}" for number, part in zip(problems, parts, strict=True))
        first = attach(f"문제 {problems[0]}", Particle.OBJECT)
        raise CheckFailed(name, "wrong_part", f"{attach(named, Particle.SUBJECT)} 틀려서, 학생이 쓴 부품으로는 강의 "
                                              "예시에서 "
                                              f"{attach(name, Particle.SUBJECT)} 오류를 냅니다 ({raised}). {first} "
                                              f"먼저 고치세요.\n{verdict.message}", verdict.parts)
    _say(verdict.message)


def check_trusted(name: str, code: StudentCode, secret: bytes) -> Verdict:
    """The grader's verdict on `code`: the lecture's examples and the hidden cases drawn from the course's
    `secret`. Raises CheckFailed; returns the passing verdict (naming the wrong parts of a right composite).
    A failure is diagnosed on the cases the notebook's own test diagnoses on, so that one answer gets one
    diagnosis whichever judge runs it (the secret draw decides the points, not the name of the mistake)."""
    exercise, drawn = _exercise(name), hidden_cases(name, secret)
    return grade_code(name, code, _examples(exercise) + drawn, diagnose_on=_diagnosis_cases(exercise), secret=secret,
                      drawn=drawn)


def makes_mistake(name: str, code: StudentCode, mistake: str, secret: bytes) -> bool:
    """Whether `code` answers as the catalogued `mistake` ("<exercise>/<id>") does on every case its points are
    decided on that returns a value: the lecture's examples and the hidden cases drawn from the course's `secret`.
    A diagnosis is made on inputs a student can compute (so that both judges name one mistake); credit for a
    mistake needs it made on these too, or a table of the public inputs' answers could choose its diagnosis."""
    exercise, entry = _exercise(name), misconceptions.by_code(mistake)
    if entry is None or entry.exercise != name:
        return False
    subject = _subject(exercise, code, _parts_called(exercise, code))
    valued = [case for case in _examples(exercise) + hidden_cases(name, secret) if case.raises is None]
    return _behaves_like(entry.variant, valued, dict(zip(map(id, valued), _runs(exercise, subject, valued),
                                                         strict=True)))


def _say(note: str) -> None:
    if note:
        print(note)


def _examples(exercise: Exercise) -> list[Case]:
    examples = exercise.example()
    return list(examples) if isinstance(examples, list | tuple) else [examples]


def _diagnosis_cases(exercise: Exercise) -> list[Case]:
    return _examples(exercise) + hidden_cases(exercise.name)


def grade_code(name: str, code: StudentCode, cases: list[Case], diagnose_on: list[Case] | None = None,
               secret: bytes | None = None, drawn: list[Case] | None = None) -> Verdict:
    """Raise CheckFailed at the first of `cases` where `code` misbehaves or is wrong, diagnosed on
    `diagnose_on` (default: `cases`), and when `drawn` is given naming the checks its cases passed (every case
    right, one of them `drawn`) and failed; else return the passing verdict, whose message and parts name the
    wrong parts of a right composite (none for any other right answer)."""
    exercise = _exercise(name)
    try:
        wrong = _graded(exercise, code, cases, diagnose_on or cases, secret)
    except CheckFailed as failure:
        if drawn is None:
            raise
        raise failure.with_checks(_check_results(exercise, code, failure, cases, drawn)) from None
    note = _wrong_parts_note(exercise, wrong)
    return Verdict(name, message=f"{name} 자체의 코드는 맞아서 이 문제의 점수는 그대로입니다.\n{note}" if note else "",
                   parts=_typed(wrong), checks_passed=tuple(check.name for check in exercise.checks))


def _graded(exercise: Exercise, code: StudentCode, cases: list[Case], diagnose_on: list[Case],
            secret: bytes | None, own_test_failed_only: bool = False) -> dict[str, CheckFailed]:
    """Raise CheckFailed as grade_code does; else the wrong parts of the right composite `code` (see _wrong_parts)."""
    name = exercise.name
    try:
        guard.verify_environment()
    except guard.TamperedEnvironment as tampering:
        raise CheckFailed(name, "tampered", f"채점에 쓰는 함수가 학생 셀에서 바뀌어 채점할 수 없습니다 ({tampering}). "
                                            "그런 코드를 지우고 커널을 다시 시작한 뒤 실행하세요.") from None
    instead = code.not_callable()
    if instead is not None:
        raise CheckFailed(name, "not_callable", f"{attach(name, Particle.TOPIC)} 함수여야 하는데 {instead}. "
                                                f"`def {name}(...)` 셀을 실행했는지 확인하세요.")
    # One mistake costs once: a composite is graded on its own code, with the course's parts in place of
    # the student's (each part is graded by its own test).
    parts = _parts_called(exercise, code)
    try:
        _grade_values(exercise, _subject(exercise, code, parts), cases, diagnose_on)
    except CheckFailed as failure:  # a part that passes its own test may differ only on what this wrong code feeds it
        wrong = _wrong_parts(exercise, code, parts, diagnose_on, secret, own_test_failed_only=True)
        if wrong:
            note = _wrong_parts_note(exercise, wrong)
            raise CheckFailed(name, failure.code.split("/", 1)[1], f"{failure.message}\n{note}", _typed(wrong),
                              failure.verdict.kind) from None
        raise
    # Right values, then the structure the exercise asks for: a wrong answer hears about its values first.
    # The parts may be called through functions of the student's own.
    missing = [part for part in exercise.uses if part not in parts or not _result_depends_on(exercise, code, parts,
                                                                                          part, cases)]
    if missing:
        raise CheckFailed(name, "not_from_parts", f"{attach(name, Particle.TOPIC)} 앞에서 작성한 함수 "
                                                  f"{attach(', '.join(exercise.uses), Particle.OBJECT)} "
                                                  f"불러서 만들어야 합니다. 부르지 않은 함수: {', '.join(missing)}")
    return _wrong_parts(exercise, code, parts, diagnose_on, secret, own_test_failed_only)


def _grade_values(exercise: Exercise, graded: _Subject, cases: list[Case], diagnose_on: list[Case]) -> None:
    """Raise CheckFailed at the first case where `graded` misbehaves or differs from the reference."""
    _prepare(exercise, graded, cases)
    for case in cases:
        # The reference runs first: torch's one-time lazy set-up then happens outside the
        # student's timed, profiled call.
        expected = _expected(exercise, case)
        run = _run(exercise, graded, case)
        judged = _judge(exercise, case, run, expected)
        if judged.outcome is not Outcome.RIGHT:
            raise _failure(exercise, graded, case, run, judged, diagnose_on)


class Outcome(enum.Enum):
    """How one run of a student's code compares with what the reference does on its case."""

    RIGHT = "right"
    TIMED_OUT = "timed_out"
    FORBIDDEN = "forbidden"  # it called what the exercise forbids
    MODIFIED_INPUT = "modified_input"
    NO_ERROR = "no_error"  # a value where the case asks for an error
    OTHER_ERROR = "other_error"  # another kind of error than the case asks for
    ERROR_MESSAGE = "error_message"  # the error asked for, without the words that say what to fix
    RAISED = "raised"  # an error where a value is asked for
    DTYPE = "dtype"  # the right values in another dtype
    DIFFERENT = "different"  # other values


@dataclass(frozen=True)
class _Judged:
    outcome: Outcome
    difference: str | None = None  # what differs, for DTYPE and DIFFERENT (_compare_output)


def _expected(exercise: Exercise, case: Case):
    """The reference's result on `case` (None for a case that asks for an error)."""
    return None if case.raises else case.call(exercise.reference)


def _expected_errors(case: Case) -> tuple[type[BaseException], ...]:
    return case.raises if isinstance(case.raises, tuple) else (case.raises,)


def _judge(exercise: Exercise, case: Case, run: guard.StudentRun, expected) -> _Judged:
    """How `run` compares with what the reference does on `case` (its result `expected`): the one judgement of a
    run, for the verdict (_grade_values) and for the checks (_check_results)."""
    if run.timed_out:
        return _Judged(Outcome.TIMED_OUT)
    if run.forbidden is not None:
        return _Judged(Outcome.FORBIDDEN)
    if run.modified_input is not None:
        return _Judged(Outcome.MODIFIED_INPUT)
    if case.raises is not None:
        if run.error is None:
            return _Judged(Outcome.NO_ERROR)
        if not isinstance(run.error, _expected_errors(case)):
            return _Judged(Outcome.OTHER_ERROR)
        if case.message_contains and case.message_contains not in str(run.error):
            return _Judged(Outcome.ERROR_MESSAGE)
        return _Judged(Outcome.RIGHT)
    if run.error is not None:
        return _Judged(Outcome.RAISED)
    difference = _compare_output(exercise, expected, run.value, case.slack)
    if difference is None:
        return _Judged(Outcome.RIGHT)
    return _Judged(Outcome.DTYPE if only_dtype_differs(expected, run.value) else Outcome.DIFFERENT, difference)


def _failure(exercise: Exercise, subject: _Subject, case: Case, run: guard.StudentRun, judged: _Judged,
             diagnose_on: list[Case]) -> CheckFailed:
    """The verdict on a case `judged` wrong, diagnosed on `diagnose_on`."""
    name, outcome = exercise.name, judged.outcome
    if outcome is Outcome.TIMED_OUT:
        return CheckFailed(name, "timeout", f"입력 {case.label}에서 {exercise.time_limit:g}초 안에 끝나지 않았습니다. "
                                            "끝나지 않는 반복문이 있는지 확인하세요.")
    if outcome is Outcome.FORBIDDEN:
        what = ("기준 구현이나 라이브러리의 어텐션을 부르면 안 되는 문제입니다"
                if run.forbidden.startswith("helpers.reference.") or "softmax" not in run.forbidden
                else "softmax를 직접(손으로) 구현해야 하는 문제입니다")
        return CheckFailed(name, "forbidden", f"{attach(run.forbidden, Particle.OBJECT)} 불렀습니다. {what}. "
                                              f"{attach(exercise.lecture, Particle.OBJECT)} 보고 직접 계산해 보세요.")
    if outcome is Outcome.MODIFIED_INPUT:
        return _input_changed(exercise, case, run.modified_input)
    if outcome in (Outcome.NO_ERROR, Outcome.OTHER_ERROR):
        wanted = attach(" 또는 ".join(kind.__name__ for kind in _expected_errors(case)), Particle.OBJECT)
        got = (f"값 {attach(short(run.value), Particle.OBJECT)} 돌려주었습니다" if outcome is Outcome.NO_ERROR
               else f"{type(run.error).__name__}: {attach(run.error, Particle.SUBJECT)} 났습니다")
        return _catalogued(exercise, subject, case, diagnose_on) or CheckFailed(
            name, "wrong_exception", f"입력 {case.label}에서 {wanted} 내야 하는데 {got}.")
    if outcome is Outcome.ERROR_MESSAGE:
        return CheckFailed(name, "wrong_exception",
                           f"입력 {case.label}의 오류 메시지에 {case.message_contains!r}가 들어 있어야 무엇을 "
                           f"고칠지 알 수 있습니다. 받은 메시지: {run.error}")
    if outcome is Outcome.RAISED:
        return _explain(exercise, subject, case, None, diagnose_on, error=run.error)
    if outcome is Outcome.DTYPE:
        return CheckFailed(name, "dtype", f"입력 {case.label}에서 값은 맞지만 dtype이 다릅니다. {judged.difference}")
    return _explain(exercise, subject, case, judged.difference, diagnose_on)


# ---------------------------------------------------------------- the checks an exercise is made of
# failures of the answer as a whole, whatever its values: no check of it passes
WHOLE_ANSWER = frozenset({"tampered", "not_callable", "not_implemented", "forbidden", "not_from_parts", "hardcoded",
                          "timeout", "inplace", "wrong_part"})


def _check_results(exercise: Exercise, code: StudentCode, failure: CheckFailed, cases: list[Case],
                   drawn: list[Case]) -> CheckResults:
    """Each check of `exercise` as `code` did on `cases`: failed where one of its cases is wrong, passed where
    every one is right and one is `drawn` (a case no student could compute: the lecture's examples alone never
    earn a check), unknown otherwise. A failure of the whole answer (WHOLE_ANSWER) or of its kernel fails them all, and
    so does any failure of an exercise of one check (without running anything again)."""
    if (len(exercise.checks) == 1 or failure.verdict.kind is not FailureKind.JUDGED
            or failure.code.split("/", 1)[1] in WHOLE_ANSWER):
        return CheckResults(tuple(CheckResult(check.name, check.title, check.share, False)
                                  for check in exercise.checks))
    subject = _subject(exercise, code, _parts_called(exercise, code))
    right = [_right(exercise, case, run) for case, run in zip(cases, _runs(exercise, subject, cases), strict=True)]
    is_drawn = [any(case is other for other in drawn) for case in cases]
    results = []
    for check in exercise.checks:
        own = [index for index, case in enumerate(cases) if exercise.check_of(case) is check]
        passed = (False if not all(right[index] for index in own)
                  else True if any(is_drawn[index] for index in own) else None)
        results.append(CheckResult(check.name, check.title, check.share, passed))
    return CheckResults(tuple(results))


def _right(exercise: Exercise, case: Case, run: guard.StudentRun) -> bool:
    """Whether `run` is what the reference does on `case`: the same values, or the error the case asks for."""
    return _judge(exercise, case, run, _expected(exercise, case)).outcome is Outcome.RIGHT


# ---------------------------------------------------------------- composites and their parts
@dataclass(frozen=True)
class _Subject:
    """The student's code as a check runs it: the course's parts in place of the student's, and the
    reference functions it may call on the way."""

    code: StudentCode
    course_parts: tuple[str, ...]
    allowed: tuple[str, ...]
    marked: tuple[str, ...] = ()  # course parts answering a marked result (helpers.grading.marking)


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


def _result_depends_on(exercise: Exercise, code: StudentCode, parts: tuple[str, ...], part: str,
                       cases: list[Case]) -> bool:
    """True when the composite's result changes as the course's `part` answers a marked result, on one of the
    first DEPENDENCE_CASES cases that raise nothing: it is built from that part by what runs, not by its name."""
    course = _subject(exercise, code, parts)
    compared = [case for case in cases if case.raises is None][:DEPENDENCE_CASES]
    return _part_changes_results(exercise, replace(course, marked=(part,)), course, compared)


def _wrong_parts_note(exercise: Exercise, wrong: dict[str, CheckFailed]) -> str:
    """Korean lines naming each of the composite's `wrong` parts (see _wrong_parts), each with its own test's
    verdict; "" when there are none."""
    lines = []
    for part, verdict in wrong.items():
        problem = f"문제 {_PROBLEMS[part][1]}"
        lines.append(f"{part_tag(exercise.name, verdict.code)} {problem}의 {attach(part, Particle.SUBJECT)} 틀려서, "
                     "학생이 쓴 "
                     f"{part} 함수로 실행하면 {exercise.name}도 다른 값을 냅니다. {part}의 진단: "
                     f"{verdict.message.splitlines()[0]} — {attach(problem, Particle.OBJECT)} "
                     "고치면 함께 맞게 됩니다.")
    return "\n".join(lines)


def _typed(wrong: dict[str, CheckFailed]) -> tuple[WrongPart, ...]:
    return tuple(WrongPart(part, failure.code) for part, failure in wrong.items())


def _wrong_parts(exercise: Exercise, code: StudentCode, parts: tuple[str, ...], cases: list[Case],
                 secret: bytes | None, own_test_failed_only: bool = False) -> dict[str, CheckFailed]:
    """part → its own test's verdict, for each student-written part that changes the composite's results.
    A part whose own code is right but which calls a wrong part of its own hands the blame down; one whose
    own parts are right too is blamed as unexplained, unless `own_test_failed_only`."""
    course = _subject(exercise, code, parts)
    wrong: dict[str, CheckFailed] = {}
    for part in parts:
        candidate = code.own_part(part)
        if candidate is None:
            continue
        alone = _subject(exercise, code, parts, keep=part)
        if not _part_changes_results(exercise, alone, course, cases):
            continue
        part_cases = hidden_cases(part, secret)
        try:
            below = _graded(_exercise(part), candidate, part_cases, part_cases, secret, own_test_failed_only)
        except CheckFailed as failure:
            wrong.setdefault(part, failure)
            continue
        for name, verdict in (below or ({} if own_test_failed_only else {part: _unexplained(part)})).items():
            wrong.setdefault(name, verdict)
    return wrong


def _unexplained(part: str) -> CheckFailed:
    """A part that passes its own hidden test, yet changes the composite's results on its inputs."""
    return CheckFailed(part, "mismatch", f"{part}의 숨은 테스트는 통과하지만, 이 문제의 입력에서는 기준과 다릅니다.")


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


def _error_as_written_on_examples(exercise: Exercise, code: StudentCode) -> str | None:
    """The error `code`, with the student's own parts, raises on the exercise's examples ("<type>: <message>"),
    or None when it raises none."""
    cases = [case for case in _examples(exercise) if case.raises is None]
    for run in _runs(exercise, _subject(exercise, code, ()), cases):
        if run.error is not None:
            return f"{type(run.error).__name__}: {str(run.error)[:120]}"
    return None


def _prepare(exercise: Exercise, subject: _Subject, cases: list[Case]) -> None:
    subject.code.prepare(exercise, cases, subject.course_parts, subject.marked)


def _run(exercise: Exercise, subject: _Subject, case: Case) -> guard.StudentRun:
    return subject.code.run(exercise, case, subject.course_parts, subject.allowed, subject.marked)


def _runs(exercise: Exercise, subject: _Subject, cases: list[Case]) -> list[guard.StudentRun]:
    _prepare(exercise, subject, cases)
    return [_run(exercise, subject, case) for case in cases]


def _input_changed(exercise: Exercise, case: Case, index: int) -> CheckFailed:
    changed = case.args[index]
    kind = "배열" if isinstance(changed, np.ndarray) else "리스트" if isinstance(changed, list) else "텐서"
    return CheckFailed(exercise.name, "inplace", f"입력 {case.label}의 {index + 1}번째 인자를 바꾸었습니다. "
                                                 f"입력은 그대로 두고 새 {kind}를 만드세요: "
                                                 "`x -= m` 대신 `x = x - m`처럼 씁니다.")


def _compare_output(exercise: Exercise, expected, got, slack: float = 0.0) -> str | None:
    """compare(), naming the items of a tuple result by the exercise's output_names."""
    label = f"{exercise.name}의 결과"
    names = exercise.output_names
    if not (isinstance(expected, tuple) and names and type(got) is tuple and len(got) == len(names)):
        return compare(expected, got, label, explain=True, slack=slack)
    for name, want, have in zip(names, expected, got):
        difference = compare(want, have, f"{label} {name}", explain=True, slack=slack)
        if difference is not None:
            order = item_order(expected, got)
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
    if _returns_example_answer(exercise, failing, _run(exercise, subject, failing)) and \
            _always_returns_example_answer(exercise, subject, cases):
        return CheckFailed(exercise.name, "hardcoded", "강의 예시의 정답을 그대로 돌려줍니다. 입력이 바뀌어도 맞도록 "
                                                       f"계산하는 코드를 작성하세요. (확인한 입력: {failing.label})")
    changed = _changes_an_input(exercise, subject, cases)
    if changed is not None:
        return changed
    probed = probes.name_mistake(probes.Evidence(exercise, subject.code, partial(_runs, exercise, subject),
                                                 failing, cases, _examples(exercise)))
    if probed is not None:
        return probed
    if error is not None:
        return CheckFailed(exercise.name, "error", f"입력 {failing.label}에서 오류가 났습니다: "
                                                   f"{type(error).__name__}: {error}{_whose(error)}\n"
                                                   f"도움말: {exercise.lecture}")
    return CheckFailed(exercise.name, "mismatch", f"입력 {failing.label}에서 기준과 다릅니다. {difference}\n"
                                                  f"도움말: {exercise.lecture}")


def _whose(error: BaseException) -> str:
    """' ' and which course function the student's code called when the error began inside one, else ''."""
    call = blame.course_call(error)
    return "" if call is None else f" {call.sentence()}"


def _catalogued(exercise: Exercise, subject: _Subject, failing: Case, cases: list[Case]) -> CheckFailed | None:
    """The catalogued misconception the function behaves like on `cases` (and on `failing`), if any: one entry, or
    else two made together."""
    compared = [case for case in cases if case.raises is None] + ([failing] if failing.raises else [])
    _prepare(exercise, subject, compared)
    runs = {id(case): _run(exercise, subject, case) for case in compared}
    for entry in misconceptions.for_exercise(exercise.name) + misconceptions.pairs_for_exercise(exercise.name):
        if _behaves_like(entry.variant, compared, runs):
            return CheckFailed(exercise.name, entry.id,
                               f"{entry.explanation}\n도움말: {entry.hint}\n(확인한 입력: {failing.label})")
    return None


def _behaves_like(variant: StudentFunction, cases: list[Case], runs: dict) -> bool:
    """True when the student's function fails exactly where `variant` fails and agrees with it
    everywhere else, on at least one input. A case that must raise counts only when it is the one
    the student got wrong: there the variant must do the same wrong thing. Where the variant raises and the student's
    error says which Python or torch idiom it misused (math.sqrt given a tensor, max(dim=…)'s pair used as a
    tensor), the student's error must be of the variant's class (compared by name, as the checker receives it): that
    misuse is the mistake, not the variant's (a mean taken without keepdim also fails on many rows)."""
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
            if type(run.error).__name__ != type(variant_error).__name__ and probes.idiom_misused(run.error):
                return False
            compared += bool(case.raises)
            continue
        if run.error is not None or compare(wrong, run.value, "", slack=case.slack) is not None:
            return False
        compared += 1
    return compared > 0


def _always_returns_example_answer(exercise: Exercise, subject: _Subject, cases: list[Case]) -> bool:
    """The answer returns the lecture example's answer on every case that must return a value: a constant, not a
    formula that happens to give it where one argument is fixed at the lecture's value."""
    answer = _examples(exercise)[0].call(exercise.reference)
    valued = [case for case in cases if case.raises is None]
    return all(run.error is None and compare(answer, run.value, "") is None
               for run in _runs(exercise, subject, valued))


def _changes_an_input(exercise: Exercise, subject: _Subject, cases: list[Case]) -> CheckFailed | None:
    """'inplace' when the answer changes an argument on some case of the diagnosis, though it failed first on
    another (an error on a tuple before the list it extends)."""
    valued = [case for case in cases if case.raises is None]
    return next((_input_changed(exercise, case, run.modified_input)
                 for case, run in zip(valued, _runs(exercise, subject, valued)) if run.modified_input is not None),
                None)


def _returns_example_answer(exercise: Exercise, failing: Case, run: guard.StudentRun | None) -> bool:
    if run is None or run.error is not None:
        return False
    example = _examples(exercise)[0]
    if failing.label == example.label or example.raises is not None:
        return False
    answer = example.call(exercise.reference)
    return compare(answer, run.value, "") is None
