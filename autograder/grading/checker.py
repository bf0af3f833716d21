"""The trusted checker: every hidden verdict is decided here, in the grading worker, never in the student's kernel.

nbgrader runs a notebook's hidden tests in the student's kernel and believes what that kernel reports; a
student owns that process, so a cell of theirs can forge any report. :class:`CheckedExecute` (nbgrader's
Execute preprocessor) changes who decides:

1. a graded test cell runs in the kernel *without* its hidden block (read from the trusted copy nbgrader
   restored from the gradebook: only the course's ``check_<name>(<name>)`` form is accepted), so the
   hidden code never enters the kernel;
2. right after it, the checker asks the kernel over a narrow channel (:class:`KernelChannel`: one
   ``user_expressions`` evaluation whose answer is a line of :mod:`helpers.grading.wire` data) to call the
   student's function on inputs drawn from the course's secret, and judges the answers with
   :mod:`helpers.grading.core` (reference, catalogue, in-place changes) and the rules read from the
   notebook's source (:mod:`autograder.course.authorship`);
3. the cell's outputs become what the kernel printed, as plain stdout text that scores nothing, then the
   verdict: one ``error`` output (``CheckFailed``, which nbgrader scores zero) for a failure, and for every
   verdict a ``display_data`` that holds it (:class:`helpers.grading.verdict.Verdict`) in its metadata, showing
   the note of a right composite built on wrong parts and nothing else. The grading worker reads the verdict
   from there (:func:`autograder.course.diagnosis.outcomes`); the kernel's own outputs of the cell became text
   and hold none.

A kernel that dies or ignores an interrupt during a check is replaced and the notebook re-run up to that
cell, so one hang or crash costs one exercise.
"""

from __future__ import annotations

import builtins
import copy
import re
from dataclasses import dataclass
from functools import partial
from queue import Empty
from time import monotonic

import zmq.asyncio
from jupyter_core.utils import ensure_async, run_sync
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode
from nbformat.v4 import new_output
from nbgrader.preprocessors import Execute
from nbgrader.preprocessors.execute import UnresponsiveKernelError
from traitlets import Unicode

from autograder.course.authorship import NotebookSource
from autograder.course.credit import DEFAULT_RULE, Credit, CreditRule, credit, rule_named
from autograder.course.diagnosis import VERDICT_KEY, joined_text, strip_ansi
from autograder.course.notebook import BEGIN_HIDDEN, END_HIDDEN, grade_id, is_test_cell, max_points
from autograder.grading.message_cap import KernelMessageTooLarge
from autograder.grading.output_budget import BoundedOutput
from autograder.sandbox.kernel_package import REMOVED_LINE
from autograder.sandbox.kernels import SandboxedExecute
from helpers.grading import core, guard, sealing, wire
from helpers.grading.guard import StudentRun, modified_input
from helpers.grading.spec import Case, Exercise
from helpers.grading.student import RunsByCase, course_part
from helpers.grading.verdict import CheckFailed, FailureKind, Verdict
from helpers.korean import Particle, attach

HIDDEN_BEGIN, HIDDEN_END = f"### {BEGIN_HIDDEN}", f"### {END_HIDDEN}"  # as nbgrader's source cells write them
KERNEL_GONE = (DeadKernelError, CellTimeoutError, UnresponsiveKernelError, TimeoutError, RuntimeError)
CHECK_CALL = re.compile(r"(?:importlib\.reload\(helpers\.grading\)|helpers\.grading)\.check_(\w+)\((\w+)\)")
ALLOWED_IMPORTS = frozenset({"import importlib", "import helpers.grading"})
SECONDS_PER_CALL = 1.0  # a batch may take one call's time limit, and this for each call (the course's take ms)
ANSWER_LINE = re.compile(r"'([A-Za-z0-9+/=]*)'")
# What a student reads when their kernel did not answer a check as asked (the exercise scores zero).
MALFORMED = "커널이 채점 요청에 형식이 맞지 않는 답을 보냈습니다."
UNANSWERED = "커널이 채점 요청을 처리하지 못했습니다 (채점에 쓰는 모듈을 바꾸었거나 지웠을 수 있습니다)."
DIED = "함수를 부르는 동안 커널이 죽었습니다 (os._exit, 메모리 한도를 넘김, 또는 충돌)."
LOST_IN_CELL = "이 셀을 실행하는 동안 커널이 죽거나 응답하지 않아 새 커널에서 앞의 셀을 다시 실행하고 채점했습니다."
INTERRUPTED = "제한 시간 안에 끝나지 않아 중단했습니다. 끝나지 않는 반복문이 있는지 확인하세요."
HUNG = ("제한 시간 안에 끝나지 않았고 중단 요청에도 응답하지 않아 커널을 다시 시작했습니다. "
        "끝나지 않는 반복문이 있는지 확인하세요.")


class UnknownHiddenTest(ValueError):
    """A graded test cell whose hidden block is not the course's form: the checker cannot stand in for it."""


class KernelDidNotStart(RuntimeError):
    """A kernel that did not become ready (jupyter_client's wait for its first reply failed): the submission
    cannot be graded."""


class KernelLost(Exception):
    """The kernel did not answer a check as asked: the exercise scores zero for `message` (Korean), as `kind`."""

    def __init__(self, kind: FailureKind, code: str, message: str, restart: bool):
        super().__init__(message)
        self.kind, self.code, self.message, self.restart = kind, code, message, restart


@dataclass(frozen=True)
class TestCell:
    """A graded test cell as the kernel runs it, and the exercise the checker decides after it."""

    visible: str  # the cell's source without its hidden block
    exercise: str


def split_test_cell(source: str, cell: str) -> TestCell | None:
    """The visible part and the exercise of a test cell's trusted source; None when it has no hidden block."""
    lines = source.splitlines()
    stripped = [line.strip() for line in lines]
    if HIDDEN_BEGIN not in stripped:
        return None
    begin = stripped.index(HIDDEN_BEGIN)
    if HIDDEN_END not in stripped[begin:]:
        raise UnknownHiddenTest(f"test cell {cell}: '{HIDDEN_BEGIN}' without '{HIDDEN_END}'")
    end = begin + stripped[begin:].index(HIDDEN_END)
    hidden = [line for line in stripped[begin + 1:end] if line and not line.startswith("#")]
    checks = [CHECK_CALL.fullmatch(line) for line in hidden if line not in ALLOWED_IMPORTS]
    if len(checks) != 1 or checks[0] is None or checks[0].group(1) != checks[0].group(2):
        raise UnknownHiddenTest(f"test cell {cell}: its hidden block must be exactly the course's "
                                "`importlib.reload(helpers.grading).check_<name>(<name>)`; the checker grades "
                                "nothing else")
    if any(stripped[end + 1:]):
        raise UnknownHiddenTest(f"test cell {cell}: code after '{HIDDEN_END}'")
    return TestCell("\n".join(lines[:begin]).rstrip() + "\n", checks[0].group(1))


# ---------------------------------------------------------------- the channel
class KernelChannel:
    """Calls of the student's function, run by the kernel through :mod:`helpers.grading.agent`."""

    interrupt_grace = 10.0  # seconds an interrupted call has to answer before the kernel is replaced

    def __init__(self, client):
        self.client = client  # nbclient's NotebookClient: its kc and km are the kernel's of the moment

    def ask(self, request: dict, timeout: float, marked: tuple[str, ...] = ()) -> dict:
        """The kernel's decoded answer to `request`; KernelLost when it does not give one. While it runs, the
        kernel's calls of the request's course parts are answered here (:func:`course_part_reply`), those of
        `marked` with a marked result (which the request does not say)."""
        line = wire.encode(request, tables_by_name=True)
        expression = f'__import__("helpers.grading.agent", fromlist=["answer"]).answer("{line}")'
        text = run_sync(self._evaluate)(expression, timeout, PartsUnderWay(frozenset(request["course_parts"]),
                                                                            frozenset(marked)))
        match = ANSWER_LINE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", MALFORMED, restart=False)
        return read_answer(match.group(1))

    async def _evaluate(self, expression: str, timeout: float, course_parts: PartsUnderWay):
        kc = self.client.kc
        msg_id = kc.execute("", silent=True, store_history=False, user_expressions={"answer": expression},
                            allow_stdin=bool(course_parts.parts))
        poller = zmq.asyncio.Poller()
        poller.register(kc.shell_channel.socket, zmq.POLLIN)
        poller.register(kc.stdin_channel.socket, zmq.POLLIN)
        deadline, interrupted = monotonic() + timeout, False
        while True:
            remaining = deadline - monotonic()
            if remaining <= 0:
                if interrupted:
                    raise KernelLost(FailureKind.KERNEL_HUNG, "timeout", HUNG, restart=True)
                await ensure_async(self.client.km.interrupt_kernel())
                deadline, interrupted = monotonic() + self.interrupt_grace, True
                continue
            ready = dict(await poller.poll(timeout=int(min(remaining, 1.0) * 1000)))
            if kc.stdin_channel.socket in ready:
                await self._answer_part(msg_id, course_parts)
            if kc.shell_channel.socket not in ready:
                if not ready and not await ensure_async(kc.is_alive()):
                    raise KernelLost(FailureKind.KERNEL_DIED, "kernel_died", DIED, restart=True) from None
                continue
            try:
                reply = await ensure_async(kc.shell_channel.get_msg(timeout=0))
            except Empty:
                continue
            if reply.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            if interrupted:
                raise KernelLost(FailureKind.TIMED_OUT, "timeout", INTERRUPTED, restart=False)
            content = reply.get("content", {})
            answer = content.get("user_expressions", {}).get("answer", {}) if isinstance(content, dict) else {}
            if not isinstance(answer, dict) or answer.get("status") != "ok":
                raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", UNANSWERED, restart=False)
            return answer.get("data", {}).get("text/plain")


    async def _answer_part(self, msg_id: str, course_parts: PartsUnderWay) -> None:
        """Answer the kernel's question on its input channel, if it asks for the request `msg_id`."""
        kc = self.client.kc
        try:
            question = await ensure_async(kc.stdin_channel.get_msg(timeout=0))
        except Empty:
            return
        if question.get("parent_header", {}).get("msg_id") == msg_id and question.get("msg_type") == "input_request":
            prompt = question.get("content", {}).get("prompt", "")
            kc.input(course_part_reply(prompt if isinstance(prompt, str) else "", course_parts))


@dataclass(frozen=True)
class PartsUnderWay:
    """The course parts the request under way hands the student's function, and those answering marked results."""

    parts: frozenset[str]
    marked: frozenset[str] = frozenset()


def course_part_reply(prompt: str, course_parts: PartsUnderWay) -> str:
    """The reference's result (or error) for a call of a course part the kernel asked for, as a line of
    :mod:`helpers.grading.wire` data; only a part of the request under way is answered."""
    try:
        asked = wire.decode(prompt)
        name, args, kwargs = asked["part"], tuple(asked["args"]), dict(asked["kwargs"])
    except (wire.MalformedMessage, KeyError, TypeError, ValueError):
        return wire.encode({"error": {"type": "RuntimeError", "message": MALFORMED}})
    if name not in course_parts.parts:
        return wire.encode({"error": {"type": "RuntimeError", "message": REMOVED_LINE.format(what=str(name)[:80])}})
    try:
        value = course_part(name, tuple(course_parts.marked))(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - the reference's error on these inputs is the student's to see
        return wire.encode({"error": wire.describe_error(error)})
    return _value_line(value)


def _value_line(value) -> str:
    return wire.encode({"value": value}, tables_by_name=True)


def sealed_course_answers(exercise: Exercise, cases: list[Case], course_parts: PartsUnderWay) -> dict:
    """lookup → sealed answer, for every call of a course part that the course's own composite makes on `cases`
    (marked where it is marked): a composite built from the parts as the course builds it finds its parts'
    answers in the request instead of asking across the kernel's input channel, call by call. Each case's answers
    are computed once in the worker (:class:`SealedAnswers`): every submission of the assignment gets the same."""
    answers = {}
    for case in cases:
        answers.update(SEALED.of_case(exercise, case, course_parts))
    return answers


class SealedAnswers:
    """The sealed answers of the course's composite on each case, kept by the case's inputs (their wire encoding,
    which is what the kernel is sent): they depend on nothing else, and nothing the student sends reaches them."""

    limit = 4096  # cases kept (one assignment's composites need a few dozen, each marked set counted apart)

    def __init__(self):
        self._by_case: dict[tuple, dict] = {}

    def of_case(self, exercise: Exercise, case: Case, course_parts: PartsUnderWay) -> dict:
        inputs = wire.encode({"args": case.args, "kwargs": case.kwargs, "global_seed": case.global_seed},
                             tables_by_name=True)
        key = (exercise.name, course_parts, inputs)
        if key not in self._by_case:
            if len(self._by_case) >= self.limit:
                self._by_case.clear()
            self._by_case[key] = _composite_answers(exercise, case, course_parts)
        return self._by_case[key]


def _composite_answers(exercise: Exercise, case: Case, course_parts: PartsUnderWay) -> dict:
    """lookup → sealed answer for each course part's call the course's composite makes on `case`."""
    answers = {}

    def recording(name: str):
        part = course_part(name, tuple(course_parts.marked))

        def record(*args, **kwargs):
            question = sealing.part_question(name, args, kwargs)
            value = part(*args, **kwargs)
            answers[sealing.answer_lookup(question)] = sealing.seal(_value_line(value), question)
            return value

        return record

    composite = guard.with_course_parts(exercise.reference, tuple(sorted(course_parts.parts)), recording)
    try:
        composite(*guard.copy_inputs(case.args), **guard.copy_kwargs(case.kwargs))
    except Exception:  # noqa: BLE001,S110 - a case the reference refuses asks for no more answers
        pass
    return answers


SEALED = SealedAnswers()  # this worker's: one assignment's cases, for every submission it grades


def read_answer(line: str) -> dict:
    """An answer of :func:`helpers.grading.agent.answer`, checked for its shape; KernelLost if it is not one."""
    try:
        answer = wire.decode(line)
    except wire.MalformedMessage as error:
        raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", f"{MALFORMED} ({error})", restart=False) from None
    if not isinstance(answer, dict) or answer.get("status") not in ("ran", "missing", "not_callable"):
        raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", MALFORMED, restart=False)
    return answer


def rebuild_error(described) -> BaseException:
    """The student's exception as a builtin exception of the same kind, made from data only."""
    if not isinstance(described, dict):
        return RuntimeError("알 수 없는 오류")
    name = str(described.get("type", "Exception"))[:80]
    message = str(described.get("message", ""))[:wire.MAX_TEXT]
    named = described.get("bases")
    bases = [getattr(builtins, base, None) for base in (named if isinstance(named, list) else [])
             if isinstance(base, str)]
    arguments = described.get("args")
    plain = isinstance(arguments, list) and all(type(item) in (str, int, float, bool) for item in arguments)
    for base in [kind for kind in bases if isinstance(kind, type) and issubclass(kind, BaseException)] + [Exception]:
        try:  # the most derived builtin that can be made from a message (UnicodeDecodeError cannot: ValueError can)
            if base.__name__ == name:
                return base(*arguments) if plain else base(message)
            kind = type(name, (base,), {"__str__": lambda self: message, "__module__": "student"})
            return kind(message)
        except TypeError:
            continue
    return RuntimeError(message)


# ---------------------------------------------------------------- the student's function, remote
class CheckSession:
    """The kernel and the notebook source behind one test cell's check, and the answers already read."""

    def __init__(self, channel: KernelChannel, source: NotebookSource):
        self.channel = channel
        self.source = source
        self._runs = RunsByCase()
        self._status: dict[str, dict] = {}

    def status(self, name: str) -> dict:
        if name not in self._status:
            self._status[name] = self.channel.ask({"function": name, "course_parts": [], "time_limit": 1.0,
                                                   "calls": []}, timeout=30.0)
        return self._status[name]

    def fetch(self, name: str, exercise: Exercise, cases: list[Case], course_parts: tuple[str, ...],
              marked: tuple[str, ...] = ()) -> None:
        """Run every case of `cases` not run yet for (name, course_parts, marked), in one round trip."""
        way = (name, course_parts, marked)
        missing = [case for case in cases if not self._runs.has(way, case)]
        if not missing:
            return
        request = {"function": name, "course_parts": list(course_parts), "time_limit": exercise.time_limit,
                   "calls": [{"args": case.args, "kwargs": case.kwargs, "global_seed": case.global_seed}
                             for case in missing]}
        if course_parts:
            request["answers"] = sealed_course_answers(exercise, missing,
                                                       PartsUnderWay(frozenset(course_parts), frozenset(marked)))
        answer = self.channel.ask(request, timeout=exercise.time_limit + len(missing) * SECONDS_PER_CALL + 15.0,
                                  marked=marked)
        self._status.setdefault(name, answer)
        if answer["status"] != "ran":
            raise KernelLost(FailureKind.MALFORMED_ANSWER, "not_callable",
                             f"{attach(name, Particle.OBJECT)} 부를 수 없습니다 ({answer['status']}).", restart=False)
        runs = answer.get("runs")
        if not isinstance(runs, list) or len(runs) != len(missing):
            raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", MALFORMED, restart=False)
        for case, run in zip(missing, runs):
            self._runs.add(way, case, _student_run(case, run))

    def run(self, name: str, exercise: Exercise, case: Case, course_parts: tuple[str, ...],
            marked: tuple[str, ...] = ()) -> StudentRun:
        self.fetch(name, exercise, [case], course_parts, marked)
        return self._runs.run((name, course_parts, marked), case)


def _student_run(case: Case, run) -> StudentRun:
    if not isinstance(run, dict) or not isinstance(run.get("inputs"), tuple):
        raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", MALFORMED, restart=False)
    sent = tuple(wire.as_reported(argument, argument) for argument in case.args)
    received = run["inputs"]
    mismatch = _kind_mismatch(sent, received)
    if mismatch is not None:
        raise KernelLost(FailureKind.MALFORMED_ANSWER, "malformed", f"{MALFORMED} ({mismatch})", restart=False)
    changed = modified_input(sent, received) if len(received) == len(sent) else 0
    return StudentRun(value=run.get("value"), error=None if run.get("error") is None else rebuild_error(run["error"]),
                      timed_out=run.get("timed_out") is True, modified_input=changed, inputs=received)


def _kind_mismatch(sent: tuple, received: tuple) -> str | None:
    """Korean: the first argument (or item of one) the kernel reported back as another type than the one sent,
    or None; walked with an explicit stack. A class of the course's own that travels as its library base (the
    grader's seeding torch.Generator) comes back as that base: a base of the sent type is the same kind."""
    stack = [(f"인자 {index}", was, now) for index, (was, now) in reversed(list(enumerate(zip(sent, received), 1)))]
    while stack:
        where, was, now = stack.pop()
        if not isinstance(was, type(now)):
            return (f"{where}: {attach(type(was).__name__, Particle.OBJECT)} 보냈는데 "
                    f"{attach(type(now).__name__, Particle.SUBJECT)} 돌아왔습니다")
        if isinstance(was, tuple | list) and len(was) == len(now):
            stack += [(f"{where}[{index}]", *pair) for index, pair in reversed(list(enumerate(zip(was, now))))]
    return None


class RemoteFunction:
    """A student's function that lives in their kernel (a :class:`helpers.grading.student.StudentCode`)."""

    def __init__(self, name: str, session: CheckSession):
        self.name = name
        self.session = session

    def not_callable(self) -> str | None:
        status = self.session.status(self.name)
        if status["status"] == "missing":
            return "정의되어 있지 않습니다"
        if status["status"] == "not_callable":
            return f"{str(status.get('type', '?'))[:80]}입니다"
        return None

    def names_called(self) -> frozenset[str]:
        return self.session.source.names_called(self.name)

    def names_reached(self) -> frozenset[str]:
        return self.session.source.names_reached(self.name)

    def own_part(self, part: str) -> RemoteFunction | None:
        binding = self.session.source.binding(part)
        if binding is None or binding.kind in ("reference", "reference_module"):
            return None
        return RemoteFunction(part, self.session)

    def globals_read(self) -> frozenset[str]:
        return self.session.source.globals_read(self.name)

    def prepare(self, exercise: Exercise, cases: list[Case], course_parts: tuple[str, ...],
                marked: tuple[str, ...] = ()) -> None:
        self.session.fetch(self.name, exercise, cases, course_parts, marked)

    def run(self, exercise: Exercise, case: Case, course_parts: tuple[str, ...], allowed: tuple[str, ...],
            marked: tuple[str, ...] = ()) -> StudentRun:
        run = copy.copy(self.session.run(self.name, exercise, case, course_parts, marked))
        run.forbidden = self.session.source.read(self.name, by_hand=exercise.by_hand, allowed=allowed).forbidden
        return run


# ---------------------------------------------------------------- the verdict as outputs
def verdict_outputs(exercise: str, session: CheckSession, secret: bytes, rule: CreditRule = DEFAULT_RULE,
                    max_points: float = 0.0) -> tuple[list[NotebookNode], KernelLost | None]:
    """The test cell's scoring outputs, and how the kernel was lost if it was: the verdict, in the metadata of a
    display (:func:`verdict_output`), after an error for a failure that earns nothing (which nbgrader scores zero)
    or before the points a failure earns of the cell's `max_points` under `rule` (nbgrader's partial credit)."""
    try:
        return _judged_outputs(exercise, RemoteFunction(exercise, session), secret, rule, max_points), None
    except KernelLost as lost:
        return _failure_outputs(CheckFailed(exercise, lost.code, lost.message, kind=lost.kind)), lost
    except KernelMessageTooLarge:  # ends the submission, with its reason
        raise
    except Exception as error:  # noqa: BLE001 - a reply the judging cannot handle fails this exercise alone
        message = f"{MALFORMED} (채점기가 돌아온 답을 다루지 못했습니다: {type(error).__name__})"
        return _failure_outputs(CheckFailed(exercise, "malformed", message, kind=FailureKind.UNJUDGEABLE_ANSWER)), None


def _judged_outputs(exercise: str, student: RemoteFunction, secret: bytes, rule: CreditRule,
                    max_points: float) -> list[NotebookNode]:
    try:
        verdict = core.check_trusted(exercise, student, secret)
    except CheckFailed as failure:
        made = partial(core.makes_mistake, exercise, student, secret=secret)
        return _failure_outputs(failure, credit(failure.verdict, rule, max_points, made))
    return [verdict_output(verdict, verdict.message)]


def verdict_output(verdict: Verdict, shown: str) -> NotebookNode:
    """A display of `shown` (nothing when empty) that holds `verdict` in its metadata, for the grading worker."""
    return new_output("display_data", data={"text/plain": shown} if shown else {},
                      metadata={VERDICT_KEY: verdict.to_json()})


def _failure_outputs(failure: CheckFailed, earned: Credit | None = None) -> list[NotebookNode]:
    """The error a student reads (and nbgrader scores zero), then the verdict it shows; for a failure that
    earns points, the same text with the points, the verdict, and the points as the cell's result (which nbgrader
    records as partial credit)."""
    if earned is None or earned.points <= 0:
        return [new_output("error", ename="CheckFailed", evalue=str(failure),
                           traceback=failure._render_traceback_()),
                verdict_output(failure.verdict, "")]
    shown = "\n".join([*failure._render_traceback_(), earned.note()])
    return [verdict_output(failure.verdict, shown),
            new_output("execute_result", data={"text/plain": repr(earned.points)}, execution_count=None)]


def shown_not_scored(outputs: list[NotebookNode]) -> list[NotebookNode]:
    """What the kernel put in a graded test cell, as stdout text: shown to the student, never scored."""
    texts = []
    for output in outputs:
        kind = output.get("output_type")
        if kind == "stream":
            texts.append(joined_text(output.get("text", "")))
        elif kind == "error":
            traceback = output.get("traceback") or [f"{output.get('ename', '')}: {output.get('evalue', '')}"]
            texts.append("\n".join(strip_ansi(joined_text(line)) for line in traceback) + "\n")
        elif kind in ("execute_result", "display_data"):
            plain = output.get("data", {}).get("text/plain")
            if plain:
                texts.append(joined_text(plain) + "\n")
    text = "".join(texts)
    return [new_output("stream", name="stdout", text=text)] if text else []


# ---------------------------------------------------------------- in nbgrader's Execute
class CheckedExecute(BoundedOutput, Execute):
    """nbgrader's Execute in which hidden blocks never reach the kernel and the checker writes the verdicts."""

    _replaying: int | None = None  # the cell a replay is running

    credit_rule = Unicode(DEFAULT_RULE.value, help="What a failed exercise earns: 'all_or_nothing' (nothing), "
                          "'by_diagnosis' (a failure the misconception catalogue names keeps that entry's credit, "
                          "for example half the points for a missing √d_k in lectures 3, 5 and 7), or 'per_check' "
                          "(the shares of the exercise's checks, named in its text, whose every case the answer "
                          "got right).").tag(config=True)

    case_key = Unicode("", help="Hex key the hidden cases are drawn from: set by course-grader from the course's "
                                "secret for each assignment; never given to the kernel.").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        test = split_test_cell(cell.source, grade_id(cell) or f"셀 {index + 1}") if is_test_cell(cell) else None
        if test is None:
            if is_test_cell(cell):
                raise UnknownHiddenTest(f"test cell {grade_id(cell)} has no hidden check: the checker cannot score it")
            return super().preprocess_cell(cell, resources, index)
        cell.source = test.visible
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except KERNEL_GONE:  # what the kernel printed is not scored: the checker still decides, on a new kernel
            cell.outputs.append(new_output("stream", name="stdout", text=f"{LOST_IN_CELL}\n"))
            self._lost_cells.add(index)
            self._replace_kernel(index - 1)
        cell.outputs = shown_not_scored(cell.outputs) + self._verdict(test.exercise, index, max_points(cell))
        return cell, resources

    def _verdict(self, exercise: str, index: int, points: float) -> list[NotebookNode]:
        if not self.case_key:
            raise ValueError("CheckedExecute.case_key is empty: course-grader sets it for each submission")
        cells = [cell.source for cell in self.nb.cells[: index + 1] if cell.cell_type == "code"]
        session = CheckSession(KernelChannel(self), NotebookSource(cells))
        outputs, lost = verdict_outputs(exercise, session, bytes.fromhex(self.case_key), rule_named(self.credit_rule),
                                        points)
        if lost is not None and lost.restart:
            self._replace_kernel(index)
        return outputs

    async def async_start_new_kernel_client(self):
        try:
            return await super().async_start_new_kernel_client()
        except DeadKernelError:
            raise
        except RuntimeError as error:  # jupyter_client's wait_for_ready, the only other RuntimeError of a start
            raise KernelDidNotStart(str(error)) from error

    start_new_kernel_client = run_sync(async_start_new_kernel_client)

    def preprocess(self, nb, resources=None, km=None):
        self._lost_cells: set[int] = set()  # test cells whose visible part lost the kernel: never replayed
        return super().preprocess(nb, resources, km)

    def _replace_kernel(self, last_index: int) -> None:
        """A new kernel that has run the notebook's code cells up to `last_index` (their outputs discarded). A test
        cell whose visible part loses the kernel again is left out of the replay."""
        while True:
            self._cleanup_kernel()
            self.km = self.create_kernel_manager()
            self.start_new_kernel()
            self.start_new_kernel_client()
            try:
                self._replay(last_index)
                return
            except KERNEL_GONE:
                if self._replaying is None or not is_test_cell(self.nb.cells[self._replaying]):
                    raise
                self._lost_cells.add(self._replaying)

    def _replay(self, last_index: int) -> None:
        for index, cell in enumerate(self.nb.cells[: last_index + 1]):
            if cell.cell_type != "code" or index in self._lost_cells:
                continue
            replayed = copy.deepcopy(cell)
            replayed.source = self._kernel_source(replayed, index)
            self._replaying = index
            try:
                super().preprocess_cell(replayed, self.resources, index)
            finally:
                self.nb.cells[index] = cell  # nbclient stores the cell it ran: keep the graded one
        self._replaying = None

    @staticmethod
    def _kernel_source(cell, index: int) -> str:
        """What the kernel runs of a cell: a test cell's visible part only."""
        test = split_test_cell(cell.source, grade_id(cell) or f"셀 {index + 1}") if is_test_cell(cell) else None
        return cell.source if test is None else test.visible


class CheckedSandboxedExecute(CheckedExecute, SandboxedExecute):
    """The same, with every kernel in the sandbox."""


def checked_preprocessors(sandbox: bool) -> list:
    """nbgrader's autograde preprocessors, in order, with Execute replaced by the checked one."""
    from nbgrader.converters import Autograde

    checked = CheckedSandboxedExecute if sandbox else CheckedExecute
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    return [checked if preprocessor is Execute else preprocessor for preprocessor in default]
