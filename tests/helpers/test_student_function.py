"""helpers.grading.student.LocalFunction: each case runs once for each way of running it, and a case made after
another was dropped gets its own run."""

from __future__ import annotations

import torch

from helpers.grading.core import exercises
from helpers.grading.spec import Case
from helpers.grading.student import LocalFunction


def test_a_case_asked_for_again_is_not_run_again_and_another_way_of_running_it_is():
    exercise = exercises()["dot_scores"]
    calls = []

    def dot_scores(Q, K):
        calls.append(1)
        return Q @ K.transpose(-2, -1)

    student, case = LocalFunction(dot_scores), Case("2x3", (torch.ones(2, 3), torch.ones(2, 3)))
    first = student.run(exercise, case, (), ())
    assert student.run(exercise, case, (), ()) is first and len(calls) == 1
    student.run(exercise, case, (), ("dot_scores",))
    assert len(calls) == 2


def test_each_fresh_case_gets_its_own_run_though_the_cases_before_it_were_dropped():
    """Probes make cases and let them go; the next case made often lands at the address of the last one."""
    exercise = exercises()["dot_scores"]
    student = LocalFunction(lambda Q, K: Q @ K.transpose(-2, -1), "dot_scores")
    wrong = 0
    for number in range(200):
        queries = torch.full((2, 3), float(number))  # (S=2, d=3): every case's scores differ from the last one's
        run = student.run(exercise, Case(f"fresh case {number}", (queries, torch.ones(2, 3))), (), ())
        wrong += not torch.equal(run.value, torch.full((2, 2), 3.0 * number))
    assert wrong == 0, f"{wrong} of 200 fresh cases got another case's run"
