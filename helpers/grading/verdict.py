"""What a check decided: the :class:`Verdict` value, the error that carries a failing one, and the tags.

A verdict is made once, by the check, and travels as this value (or its JSON, :meth:`Verdict.to_json`) to every
page: the grading checker writes it into the test cell's output metadata, the grading worker reads it back with
:meth:`Verdict.from_json`, which refuses anything it did not write, and the status file, report, feedback, export
and similarity review carry it. The ``[진단: <exercise>/<code>]`` and ``[부품: …]`` tags stay in the text a student
reads; the autograder reads them (:data:`TAG_PATTERN`, :data:`PART_PATTERN`) only from a notebook stock nbgrader
graded, which holds no verdict.

This module imports nothing heavy, so the package's entry point can raise a tagged verdict
before it trusts the interpreter enough to import torch.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from enum import Enum

TAG_PATTERN = re.compile(r"\[진단:\s*([^\]\s]+)\s*\]")  # group 1: "<exercise>/<code>"
# A composite whose own code is right but whose student-written part is wrong: group 1 the composite,
# group 2 the part's "<exercise>/<code>" (counted under the part, which its own test marks down).
PART_PATTERN = re.compile(r"\[부품:\s*(\w+)\s*→\s*([^\]\s]+)\s*\]")


RENDER_WIDTH = 64  # characters a rendered line holds: a Hangul syllable is two columns wide
NAME = re.compile(r"\w{1,100}")  # an exercise's or a check's name
CODE = re.compile(r"(\w{1,100})/[^\s\[\]]{1,100}")  # "<exercise>/<code>"; group 1 the exercise
MAX_MESSAGE = 20_000  # characters of a message; the checks' longest are a few hundred
MAX_NAMED = 20  # wrong parts, or checks, a verdict may name; an exercise has a handful of each


def tag(code: str) -> str:
    """'dot_scores/no_transpose' → '[진단: dot_scores/no_transpose]'."""
    return f"[진단: {code}]"


def part_tag(composite: str, part_code: str) -> str:
    """('self_attention', 'row_softmax/no_exp') → '[부품: self_attention → row_softmax/no_exp]'."""
    return f"[부품: {composite} → {part_code}]"


class FailureKind(Enum):
    """Why an exercise lost its points, for a machine (the message says it to the student)."""

    JUDGED = "judged"  # the check ran the function and the code names what is wrong with it
    KERNEL_DIED = "kernel_died"  # the kernel died while it called the function
    TIMED_OUT = "timed_out"  # the calls outran their time and were interrupted
    KERNEL_HUNG = "kernel_hung"  # a call outran its time and the interrupt: the kernel was replaced
    MALFORMED_ANSWER = "malformed_answer"  # the kernel answered the checker not as asked
    UNJUDGEABLE_ANSWER = "unjudgeable_answer"  # an answer of the right form the checker could not judge
    # read from the text of a notebook stock nbgrader graded, which holds no verdict:
    CELL_ERROR = "cell_error"  # the cell raised an error that is not a check's
    CELL_TIMEOUT = "cell_timeout"  # the time limit stopped the cell
    STDERR = "stderr"  # the cell wrote to stderr (nbgrader scores that zero)
    PARTIAL_POINTS = "partial_points"  # the cell returned part of its points


class MalformedVerdict(ValueError):
    """JSON that is not a verdict as :meth:`Verdict.to_json` writes it (the message says what is wrong)."""


@dataclass(frozen=True)
class WrongPart:
    """A student-written part that makes a composite wrong: the part, and its own test's "<part>/<code>"."""

    exercise: str
    code: str


@dataclass(frozen=True)
class Verdict:
    """What a check decided about one exercise; ``code`` is "" when it passed."""

    exercise: str
    code: str = ""  # "<exercise>/<code>" of the failure, the code the class report counts
    message: str = ""  # what the student reads, in Korean, without the tag ("" for a plain pass)
    kind: FailureKind | None = None  # why it failed; None when it passed
    parts: tuple[WrongPart, ...] = ()  # the wrong parts a composite is built on, in the order its message names them
    checks_passed: tuple[str, ...] = ()  # the checks its cases belong to (empty when read from a notebook's text)
    checks_failed: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.code

    def to_json(self) -> dict:
        return {"exercise": self.exercise, "code": self.code, "message": self.message,
                "kind": None if self.kind is None else self.kind.value,
                "parts": [{"exercise": part.exercise, "code": part.code} for part in self.parts],
                "checks_passed": list(self.checks_passed), "checks_failed": list(self.checks_failed)}

    @classmethod
    def from_json(cls, data: object) -> Verdict:
        """The verdict `data` holds; MalformedVerdict for anything :meth:`to_json` does not write."""
        fields = _exact_object(data, "verdict", ("exercise", "code", "message", "kind", "parts", "checks_passed",
                                                 "checks_failed"))
        exercise = _name(fields["exercise"], "exercise")
        code, kind = fields["code"], fields["kind"]
        if code != "":
            _code_of(exercise, code, "code")
        if not isinstance(fields["message"], str) or len(fields["message"]) > MAX_MESSAGE:
            raise MalformedVerdict(f"message: a string of at most {MAX_MESSAGE} characters expected")
        if (code == "") != (kind is None):
            raise MalformedVerdict("kind: null exactly when code is empty (a pass)")
        try:
            failure = None if kind is None else FailureKind(kind)
        except (ValueError, TypeError):
            raise MalformedVerdict(f"kind: not a FailureKind: {str(kind)[:80]!r}") from None
        return cls(exercise, code, fields["message"], failure, _parts(fields["parts"]),
                   _names(fields["checks_passed"], "checks_passed"), _names(fields["checks_failed"], "checks_failed"))


def _exact_object(data: object, what: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(data, dict) or set(data) != set(keys):
        found = sorted(map(str, data))[:10] if isinstance(data, dict) else type(data).__name__
        raise MalformedVerdict(f"{what}: an object with exactly the keys {list(keys)} expected, not {found}")
    return data


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise MalformedVerdict(f"{what}: a name of letters, digits and _ expected, not {str(value)[:80]!r}")
    return value


def _code_of(exercise: str, value: object, what: str) -> str:
    match = CODE.fullmatch(value) if isinstance(value, str) else None
    if match is None or match.group(1) != exercise:
        raise MalformedVerdict(f"{what}: '{exercise}/<code>' expected, not {str(value)[:80]!r}")
    return value


def _parts(value: object) -> tuple[WrongPart, ...]:
    if not isinstance(value, list) or len(value) > MAX_NAMED:
        raise MalformedVerdict(f"parts: a list of at most {MAX_NAMED} expected")
    parts = []
    for item in value:
        fields = _exact_object(item, "part", ("exercise", "code"))
        exercise = _name(fields["exercise"], "part exercise")
        parts.append(WrongPart(exercise, _code_of(exercise, fields["code"], "part code")))
    return tuple(parts)


def _names(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_NAMED:
        raise MalformedVerdict(f"{what}: a list of at most {MAX_NAMED} names expected")
    return tuple(_name(item, what) for item in value)


@dataclass(frozen=True)
class CheckResult:
    """One check of an exercise as a judge found it: its name, its Korean title, its share of the points, and
    whether every case of it was right (None: no case of it was drawn, so nothing is known)."""

    name: str
    title: str
    share: float
    passed: bool | None


@dataclass(frozen=True)
class CheckResults:
    """The checks of an exercise, each as a judge found it, in the exercise's order."""

    results: tuple[CheckResult, ...]

    @property
    def passed(self) -> tuple[str, ...]:
        return tuple(result.name for result in self.results if result.passed)

    @property
    def failed(self) -> tuple[str, ...]:
        return tuple(result.name for result in self.results if result.passed is False)

    def line(self) -> str:
        """'채점 항목: ✓ 2차원 입력 (50%) · ✗ 앞에 배치 축이 붙은 입력 (50%)' (Korean; a check not known is '?'), or ""
        for an exercise of one check, whose line would only repeat the failure."""
        if len(self.results) < 2:
            return ""
        marks = {True: "✓", False: "✗", None: "?"}
        return "채점 항목: " + " · ".join(f"{marks[result.passed]} {result.title} ({result.share:.0%})"
                                         for result in self.results)


class CheckFailed(AssertionError):
    """A failing check's verdict, raised: its text is the tag and the Korean message a student reads."""

    def __init__(self, exercise: str, code: str, message: str, parts: tuple[WrongPart, ...] = (),
                 kind: FailureKind = FailureKind.JUDGED, checks: CheckResults | None = None):
        self.code = f"{exercise}/{code}"
        self.message = message  # the Korean message, without the tag
        self.checks = checks  # which of the exercise's checks its cases passed and failed, once a check knows
        passed, failed = (checks.passed, checks.failed) if checks else ((), ())
        self.verdict = Verdict(exercise, self.code, message, kind, parts, passed, failed)
        super().__init__(f"{tag(self.code)} {exercise}: {message}")

    def with_checks(self, checks: CheckResults) -> CheckFailed:
        """The same failure, naming the checks its cases passed and failed."""
        return CheckFailed(self.verdict.exercise, self.code.split("/", 1)[1], self.message, self.verdict.parts,
                           self.verdict.kind, checks)

    def _render_traceback_(self) -> list[str]:
        """What IPython shows (in the notebook and nbgrader's Validate, whose dialog does not wrap lines):
        the Korean message alone, not a traceback through the checking code, in lines of a readable width, then
        the checks it passed and failed."""
        lines = [*str(self).splitlines(), *([self.checks.line()] if self.checks and self.checks.line() else [])]
        return [wrapped for line in lines
                for wrapped in textwrap.wrap(line, width=RENDER_WIDTH, break_long_words=False) or [""]]
