"""What a `grade` run has to do: which submissions changed since they were merged, and how long each may take.

A submission that is up to date (:mod:`autograder.course.state`: its fingerprint merged, its autograded
notebook there) is unchanged and not graded again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.course.context import CourseContext
from autograder.course.notebook import read_notebook
from autograder.course.state import SubmissionState, submission_states


@dataclass
class Plan:
    """The submissions of one run: those to grade (student, fingerprint) and those left as they are."""

    todo: list[tuple[str, str]] = field(default_factory=list)
    unchanged: list[SubmissionState] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # students asked for by name who submitted nothing


def plan_run(context: CourseContext, assignment: str, gradebook, *, requested: list[str] | None = None,
             force: bool = False) -> Plan:
    """Sort the submitted students (or the `requested` ones) into to-grade and unchanged."""
    plan = Plan()
    states = submission_states(context, assignment, gradebook)
    students = [student for student, state in states.items() if state.submitted]
    if requested:
        plan.missing = [student for student in requested if student not in students]
        students = [student for student in students if student in set(requested)]
    for student in students:
        state = states[student]
        if not force and state.up_to_date:
            plan.unchanged.append(state)
        else:
            plan.todo.append((student, state.fingerprint))
    return plan


def submission_time_limit(context: CourseContext, assignment: str, override: float | None = None) -> float:
    """Seconds one submission may take in all: `override`, or the cell limit × (code cells + 2) + 120."""
    if override:
        return float(override)
    cell_timeout = context.config.Execute.get("timeout", 30) or 3600
    release = context.release_notebook(assignment)
    notebook = read_notebook(release if release.is_file() else context.source_notebook(assignment))
    cells = sum(cell.get("cell_type") == "code" for cell in notebook["cells"])
    return float(cell_timeout) * (cells + 2) + 120
