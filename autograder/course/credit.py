"""How many of a test cell's points a verdict earns: the course's credit rule, which the grading checker applies to
its own verdict (never to anything a kernel printed).

    # nbgrader_config.py of the course
    c.CheckedExecute.credit_rule = "by_diagnosis"  # default: "all_or_nothing"

With ``by_diagnosis`` an answer whose failure is a catalogued misconception keeps that entry's
:attr:`helpers.misconceptions.entry.Misconception.credit` (for example ``masked_attention/no_scaling`` keeps half);
a mistake the catalogue does not name, two mistakes at once, an error, a timeout or a lost kernel keep nothing.
With ``per_check`` a failed answer keeps the shares of its exercise's checks (:class:`helpers.grading.spec.Check`,
named in the exercise's text) whose every case it got right on the grader's own draw; a failure of the answer as a
whole (a forbidden call, a timeout, a lost kernel, …) keeps nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from traitlets.config import Config

from autograder.course.context import CourseError
from helpers.grading.verdict import FailureKind, Verdict


class CreditRule(Enum):
    """How a failed exercise's points are decided."""

    ALL_OR_NOTHING = "all_or_nothing"  # a failed exercise scores 0 (stock nbgrader's rule, and the default)
    BY_DIAGNOSIS = "by_diagnosis"  # a failure the catalogue names keeps that entry's credit
    PER_CHECK = "per_check"  # a failure keeps the shares of the exercise's checks it passed


DEFAULT_RULE = CreditRule.ALL_OR_NOTHING


@dataclass(frozen=True)
class Credit:
    """What a verdict earns of a cell's points under a rule, and why (Korean)."""

    share: float  # of the cell's points, 0 to 1
    points: float  # earned
    max_points: float
    reason: str = ""  # what earned the share, for the note

    def note(self) -> str:
        """The line a student reads under a failure that keeps part of the points (Korean)."""
        return f"부분 점수: {_number(self.points)}점 / {_number(self.max_points)}점 ({self.reason})"


def credit(verdict: Verdict, rule: CreditRule, max_points: float, made: Callable[[str], bool]) -> Credit:
    """The points `verdict` earns of `max_points` under `rule` (rounded to a hundredth of a point). `made(code)`
    says whether the answer makes the catalogued mistake `code` on every case its points are decided on
    (helpers.grading.core.makes_mistake); it is asked only when that mistake carries credit."""
    share, reason = _share(verdict, rule)
    if rule is CreditRule.BY_DIAGNOSIS and 0 < share < 1 and not made(verdict.code):
        share = 0.0
    return Credit(share, round(share * max_points, 2), max_points, reason)


def _share(verdict: Verdict, rule: CreditRule) -> tuple[float, str]:
    if verdict.passed:
        return 1.0, ""
    if rule is CreditRule.ALL_OR_NOTHING or verdict.kind is not FailureKind.JUDGED:
        return 0.0, ""
    if rule is CreditRule.PER_CHECK:
        return _checks_share(verdict)
    from helpers import misconceptions  # torch: the checker's workers import it, course-grader's parent does not

    entry = misconceptions.by_code(verdict.code)
    return (0.0, "") if entry is None else (entry.credit, f"이 실수는 배점의 {entry.credit:.0%}를 받습니다")


def _checks_share(verdict: Verdict) -> tuple[float, str]:
    """The shares of the checks `verdict` passed; nothing when it names no failed check (a failure no check of the
    exercise holds)."""
    from helpers.grading import core  # torch, as above

    passed = [check for check in core.exercises()[verdict.exercise].checks if check.name in verdict.checks_passed]
    if not verdict.checks_failed or not passed:
        return 0.0, ""
    share = sum(check.share for check in passed)
    return share, f"통과한 채점 항목 {', '.join(check.title for check in passed)}: 배점의 {share:.0%}"


def rule_named(value: object) -> CreditRule:
    """The rule a configuration names (a CreditRule's value); CourseError saying the choices."""
    try:
        return CreditRule(value)
    except ValueError:
        choices = ", ".join(f'"{rule.value}"' for rule in CreditRule)
        raise CourseError(f"nbgrader_config.py의 c.CheckedExecute.credit_rule에는 {choices} 가운데 하나를 쓰세요 "
                          f"(지금 값: {value!r})") from None


def configured_rule(config: Config) -> CreditRule:
    """The rule a course's configuration sets, or the default."""
    return rule_named(config.CheckedExecute.get("credit_rule", DEFAULT_RULE.value))


def _number(points: float) -> str:
    return f"{points:g}"
