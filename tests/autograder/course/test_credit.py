"""autograder/course/credit.py: what a verdict earns of a cell's points under the course's credit rule."""

from __future__ import annotations

import pytest
from traitlets.config import Config

from autograder.course.context import CourseError
from autograder.course.credit import CreditRule, configured_rule, credit
from helpers import misconceptions
from helpers.grading.verdict import FailureKind, Verdict
from helpers.misconceptions.entry import Misconception
from helpers.misconceptions.probes import two_mistakes_id

NO_SCALING = Verdict("masked_attention", "masked_attention/no_scaling", "m", FailureKind.JUDGED)
MASK_INVERTED = Verdict("masked_attention", "masked_attention/mask_inverted", "m", FailureKind.JUDGED)


def made(_code: str) -> bool:
    return True  # the answer makes the named mistake on the secret cases too


def test_a_mistake_the_catalogue_credits_keeps_that_share_only_where_the_course_gives_credit_by_diagnosis():
    assert misconceptions.by_code(NO_SCALING.code).credit == 0.5
    assert credit(NO_SCALING, CreditRule.BY_DIAGNOSIS, 2.0, made).points == 1.0
    assert credit(NO_SCALING, CreditRule.ALL_OR_NOTHING, 2.0, made).points == 0.0


def test_a_mistake_named_on_the_public_inputs_but_not_made_on_the_secret_ones_earns_nothing():
    asked = []
    assert credit(NO_SCALING, CreditRule.BY_DIAGNOSIS, 2.0, lambda code: asked.append(code) or False).points == 0.0
    assert asked == [NO_SCALING.code]


def test_a_mistake_the_catalogue_gives_no_credit_earns_nothing_by_diagnosis():
    assert misconceptions.by_code(MASK_INVERTED.code).credit == 0.0
    assert credit(MASK_INVERTED, CreditRule.BY_DIAGNOSIS, 2.0, made).points == 0.0


@pytest.mark.parametrize("verdict", [
    Verdict("masked_attention", "masked_attention/no_scaling", "m", FailureKind.KERNEL_DIED),
    Verdict("masked_attention", "masked_attention/wrong_values", "m", FailureKind.JUDGED),
    Verdict("masked_attention", f"masked_attention/{two_mistakes_id('no_scaling', 'mask_inverted')}", "m",
            FailureKind.JUDGED),
], ids=["a lost kernel under a credited code", "a mistake the catalogue does not name", "two mistakes at once"])
def test_what_is_not_one_catalogued_mistake_earns_nothing_by_diagnosis(verdict):
    assert credit(verdict, CreditRule.BY_DIAGNOSIS, 2.0, made).points == 0.0


@pytest.mark.parametrize("rule", CreditRule)
def test_a_pass_earns_every_point_under_every_rule(rule):
    assert credit(Verdict("masked_attention"), rule, 2.0, made).points == 2.0


def test_the_note_a_student_reads_gives_the_points_and_the_share():
    note = credit(NO_SCALING, CreditRule.BY_DIAGNOSIS, 3.0, made).note()
    assert note == "부분 점수: 1.5점 / 3점 (이 실수는 배점의 50%를 받습니다)"


NAIVE_SOFTMAX = Verdict("masked_attention", "masked_attention/numerically_fragile", "m", FailureKind.JUDGED,
                        checks_passed=("tidy",), checks_failed=("hard",))


def test_a_failure_keeps_the_shares_of_the_checks_it_passed_only_where_the_course_gives_credit_per_check():
    earned = credit(NAIVE_SOFTMAX, CreditRule.PER_CHECK, 2.0, made)
    assert (earned.share, earned.points) == (0.75, 1.5)
    assert earned.note() == "부분 점수: 1.5점 / 2점 (통과한 채점 항목 보통 크기의 입력: 배점의 75%)"
    assert credit(NAIVE_SOFTMAX, CreditRule.ALL_OR_NOTHING, 2.0, made).points == 0.0
    assert credit(NAIVE_SOFTMAX, CreditRule.BY_DIAGNOSIS, 2.0, made).points == 0.0  # not a credited entry


@pytest.mark.parametrize("verdict", [
    Verdict("masked_attention", "masked_attention/timeout", "m", FailureKind.TIMED_OUT, checks_passed=("tidy",),
            checks_failed=("hard",)),
    Verdict("masked_attention", "masked_attention/mismatch", "m", FailureKind.JUDGED, checks_passed=("tidy", "hard")),
    Verdict("masked_attention", "masked_attention/mismatch", "m", FailureKind.JUDGED),
], ids=["a lost kernel", "a failure no check holds", "a failure read from a notebook's text"])
def test_a_failure_that_names_no_passed_and_failed_checks_of_a_judged_answer_earns_nothing_per_check(verdict):
    assert credit(verdict, CreditRule.PER_CHECK, 2.0, made).points == 0.0


def test_a_course_that_sets_no_rule_grades_all_or_nothing_and_one_that_names_a_rule_gets_it():
    assert configured_rule(Config()) is CreditRule.ALL_OR_NOTHING
    config = Config()
    config.CheckedExecute.credit_rule = "by_diagnosis"
    assert configured_rule(config) is CreditRule.BY_DIAGNOSIS


def test_an_unknown_rule_is_refused_with_the_choices():
    config = Config()
    config.CheckedExecute.credit_rule = "half"
    with pytest.raises(CourseError, match='"all_or_nothing", "by_diagnosis", "per_check"'):
        configured_rule(config)


@pytest.mark.parametrize("share", [-0.1, 1.0, 2.0])
def test_a_catalogue_entry_keeps_less_than_all_of_the_points_and_never_less_than_none(share):
    with pytest.raises(ValueError, match="credit"):
        Misconception("masked_attention", "x", lambda: None, "e", "h", credit=share)
