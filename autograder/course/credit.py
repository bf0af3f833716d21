"""How many of a test cell's points a verdict earns: the course's credit rule, which the grading checker applies to
its own verdict (never to anything a kernel printed).

    # nbgrader_config.py of the course
    c.CheckedExecute.credit_rule = "by_diagnosis"  # default: "all_or_nothing"

With ``by_diagnosis`` an answer whose failure is a catalogued misconception keeps that entry's
:attr:`helpers.misconceptions.entry.Misconception.credit` (for example ``masked_attention/no_scaling`` keeps half);
a mistake the catalogue does not name, two mistakes at once, an error, a timeout or a lost kernel keep nothing.
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


DEFAULT_RULE = CreditRule.ALL_OR_NOTHING


@dataclass(frozen=True)
class Credit:
    """What a verdict earns of a cell's points under a rule."""

    share: float  # of the cell's points, 0 to 1
    points: float  # earned
    max_points: float

    def note(self) -> str:
        """The line a student reads under a failure that keeps part of the points (Korean)."""
        return (f"부분 점수: {_number(self.points)}점 / {_number(self.max_points)}점 "
                f"(이 실수는 배점의 {self.share:.0%}를 받습니다)")


def credit(verdict: Verdict, rule: CreditRule, max_points: float, made: Callable[[str], bool]) -> Credit:
    """The points `verdict` earns of `max_points` under `rule` (rounded to a hundredth of a point). `made(code)`
    says whether the answer makes the catalogued mistake `code` on every case its points are decided on
    (helpers.grading.core.makes_mistake); it is asked only when that mistake carries credit."""
    share = _share(verdict, rule)
    if 0 < share < 1 and not made(verdict.code):
        share = 0.0
    return Credit(share, round(share * max_points, 2), max_points)


def _share(verdict: Verdict, rule: CreditRule) -> float:
    if verdict.passed:
        return 1.0
    if rule is CreditRule.ALL_OR_NOTHING or verdict.kind is not FailureKind.JUDGED:
        return 0.0
    from helpers import misconceptions  # torch: the checker's workers import it, course-grader's parent does not

    entry = misconceptions.by_code(verdict.code)
    return 0.0 if entry is None else entry.credit


def rule_named(value: object) -> CreditRule:
    """The rule a configuration names ("all_or_nothing" or "by_diagnosis"); CourseError saying the choices."""
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
