"""What the processes of a grading run send each other (all picklable: by pipe, or to a Dask worker).

- parent → worker, once: :class:`WorkerSetup`, the course's configuration and the worker's own slot
  and scratch folder (again only when a Dask worker is handed another course);
- parent → worker, per submission: a frozen :class:`Submission`, the same on every path;
- worker → parent: a :class:`Result`, with typed cell outcomes (each with its verdict) and findings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from autograder.course.diagnosis import CellOutcome
from autograder.course.scan import Finding


@dataclass(frozen=True)
class Submission:
    """One submission to grade, as the parent describes it."""

    student: str
    assignment: str
    fingerprint: str
    submission_dir: str
    release_notebook: str
    template_db: str  # the run's template gradebook, holding only the assignment
    extension: object = None  # the student's deadline extension (datetime.timedelta) in the real gradebook
    sandbox: bool = True  # run the kernel in autograder.sandbox (False only with grade --no-sandbox)
    case_key: str = ""  # hex key of the assignment's hidden cases (autograder.course.secret); never sent to a kernel


@dataclass(frozen=True)
class WorkerSetup:
    """A worker's side of the run: what it grades with and where."""

    config: object  # traitlets Config of the course
    course_id: str
    slot: int  # the worker's slot: its sandboxed kernels run as their own unprivileged uid
    scratch: str  # the worker's own folder: the gradebook copy and the staged autograded files
    warm_up: bool = False  # start the kernel template and fork the first kernel now, before any submission
    threads: int = 1  # the numeric libraries' threads of this worker and its kernels (autograder.grading.threads)


@dataclass
class Result:
    """What grading one submission gave, filled in by the worker for the parent to record."""

    student: str
    assignment: str
    fingerprint: str
    ok: bool
    reason: str = ""  # Korean, when not ok
    staged: str = ""  # staged autograded/<student>/<assignment> folder, when ok
    timestamp: str | None = None
    notebooks: dict = field(default_factory=dict)  # notebook → {"grades", "comments", "late_submission_penalty"}
    cells: list[CellOutcome] = field(default_factory=list)  # of the autograded notebook
    findings: tuple[Finding, ...] = ()  # the review scan's
    timeouts: list[str] = field(default_factory=list)  # cells (grade_id or "셀 N") stopped by the time limit
    log: str = ""  # nbgrader's warnings and errors, for a failed submission
    seconds: float = 0.0
    sandboxed: bool = True  # the kernel ran in the sandbox

    @classmethod
    def failed(cls, submission: Submission, reason: str) -> Result:
        """A submission that could not be graded, for `reason` (Korean)."""
        return cls(submission.student, submission.assignment, submission.fingerprint, ok=False, reason=reason,
                   sandboxed=submission.sandbox)
