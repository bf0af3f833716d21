"""`grade ASSIGNMENT`: autograde a whole class in parallel, safely resumable.

How it is put together (see autograder/README.md for the instructor's view):

1. The assignment is recorded in the real gradebook from source/ (nbgrader GenerateAssignment),
   and once more into a small template gradebook that holds nothing else.
2. :mod:`autograder.grading.plan` fingerprints every submission and leaves out the unchanged ones.
3. :mod:`autograder.grading.pool` runs N long-lived worker processes (autograder/grading/worker.py), each
   grading one student at a time with nbgrader's own Autograde converter, every notebook in a
   fresh kernel, against a private copy of the template gradebook.
4. :mod:`autograder.grading.record`, in this process only, moves each finished student's autograded
   folder into place and merges grades and fingerprint in one transaction. A student counts as
   done only once merged, so an interrupted run loses at most the students in flight, and
   running again finishes what is left.
"""

from __future__ import annotations

import contextlib
import copy
import os
import shutil
import signal
import sys
import threading
import time
from pathlib import Path

from autograder.course import gradebook as book
from autograder.course import secret, trust
from autograder.course.console import Progress, duration
from autograder.course.context import CourseContext, CourseError, GradebookUnavailable
from autograder.course.state import Outcome
from autograder.grading.cluster import DaskPool
from autograder.grading.messages import Result, Submission
from autograder.grading.plan import Plan, plan_run, submission_time_limit
from autograder.grading.pool import Pool
from autograder.grading.record import Recorder
from autograder.grading.runlock import RunLock, run_lock
from autograder.grading.summary import Row, Summary, score_text
from autograder.sandbox import cgroups, policy

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
NOT_RECORDED = "채점했지만 성적부에 기록하지 못함: 다시 실행하면 채점합니다"


class GradeError(CourseError):
    """The run cannot start (Korean message)."""


def _clean_stale_runs(state_dir: Path) -> None:
    """Scratch folders left by runs whose process is gone (killed, power cut)."""
    for run in state_dir.glob("run-*"):
        try:
            pid = int(run.name.split("-", 1)[1])
            os.kill(pid, 0)
        except (ValueError, ProcessLookupError):
            shutil.rmtree(run, ignore_errors=True)
        except PermissionError:
            pass


@contextlib.contextmanager
def _stopping_between_steps(on_signal):
    """Route Ctrl-C and termination signals to `on_signal` for the block (main thread only), so a
    signal never lands in the middle of a merge."""
    handlers = {}
    if threading.current_thread() is threading.main_thread():
        for name in STOP_SIGNALS:
            if hasattr(signal, name):
                handlers[getattr(signal, name)] = signal.signal(getattr(signal, name), on_signal)
    try:
        yield
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)


class _Run:
    """One `grade` run of one assignment."""

    def __init__(self, context: CourseContext, assignment: str, jobs: int, students: list[str] | None,
                 force: bool, student_timeout: float | None, sandbox: bool, stream, scheduler: str | None = None):
        self.context, self.assignment, self.jobs, self.force = context, assignment, max(1, jobs), force
        self.scheduler = scheduler  # a Dask scheduler's address: grade on its workers instead of here
        self.requested, self.student_timeout, self.sandbox, self.stream = students, student_timeout, sandbox, stream
        self.stop_signal = 0
        self.lost: GradebookUnavailable | None = None  # the gradebook's server went away: stop, merge nothing more
        self.lock: RunLock | None = None
        self.rows: dict[str, Row] = {}
        self.recorder = Recorder(context, assignment)
        self.duedate, self.extensions = None, {}  # from the real gradebook, for late penalties

    def _on_signal(self, signum, frame) -> None:
        if not self.stop_signal:
            self.stream.write("\n중단 요청을 받았습니다: 채점 중인 학생을 멈추고, 끝난 학생만 성적부에 남깁니다…\n")
            self.stream.flush()
        self.stop_signal = signum

    def run(self) -> Summary:
        """Grade what needs grading; the summary holds a row for every student considered."""
        started = time.monotonic()
        # on a cluster the sandbox is made on the workers' machines, each of which checks it there
        reason = policy.unavailable_reason() if self.sandbox and not self.scheduler else None
        if reason:
            raise GradeError(reason)
        # as root: the assignment's source and the run's own folder only where no other account can change them
        trust.require_trusted_tree(self.context.folder("source") / self.assignment, "과제 원본")
        state = trust.trusted_folder(self.context.state_dir, trust.STATE_FOLDER)
        with _stopping_between_steps(self._on_signal), run_lock(self.context, self.assignment) as self.lock:
            _clean_stale_runs(state)
            self._grade_all()
        rows = [self.rows[student] for student in sorted(self.rows)]
        # a signal that arrived once every student was done stopped nothing
        stopped = self.stop_signal if any(row.outcome is Outcome.INTERRUPTED for row in rows) else 0
        return Summary(self.assignment, rows, time.monotonic() - started, self.jobs, stopped, self.sandbox,
                       str(self.lost) if self.lost else "")

    def _plan(self) -> Plan:
        context, assignment = self.context, self.assignment
        if not context.source_notebook(assignment).is_file():
            raise GradeError(f"과제 {assignment}의 원본이 없습니다: {context.source_notebook(assignment)}")
        book.sync_assignment(context, assignment)
        with context.gradebook() as gradebook:
            book.ensure_marks_table(gradebook)
            previous = book.scores(gradebook, assignment)
            self.duedate, self.extensions = book.lateness_settings(gradebook, assignment)
            plan = plan_run(context, assignment, gradebook, requested=self.requested, force=self.force)
        for student in plan.missing:
            self.rows[student] = Row(student, Outcome.FAILED, note=f"제출 폴더가 없습니다: "
                                                                  f"{context.submission_dir(student, assignment)}")
        for state in plan.unchanged:
            cells = previous.get(state.student, {})
            score = sum(s for s, _ in cells.values()) if cells else None
            maximum = sum(m for _, m in cells.values()) if cells else None
            self.rows[state.student] = Row(state.student, Outcome.UNCHANGED, score, maximum, "이전 채점 결과 그대로",
                                           state.entry.findings if state.entry else ())
        return plan

    def _grade_all(self) -> None:
        run_dir = self.context.state_dir / f"run-{os.getpid()}"
        run_dir.mkdir(parents=True, exist_ok=True)
        # this machine's workers start first: their kernel templates import the stack while the run is planned
        pool = self._pool(run_dir, len(self.requested or self.context.submitted_students(self.assignment)))
        try:
            plan = self._plan()
            if not plan.todo or self.stop_signal:
                self._interrupted([student for student, _ in plan.todo], "다시 실행하면 채점합니다")
                return
            self._dispatch(self._submissions(plan.todo, run_dir), pool)
        finally:
            pool.close()
            shutil.rmtree(run_dir, ignore_errors=True)

    def _submissions(self, todo: list[tuple[str, str]], run_dir: Path) -> list[Submission]:
        """One per student to grade, all sharing a template gradebook that holds only this assignment."""
        context, assignment = self.context, self.assignment
        template = run_dir / "template.db"
        book.create_empty(f"sqlite:///{template}")
        book.sync_assignment(context, assignment, db_url=f"sqlite:///{template}", release_to=run_dir / "release")
        if self.duedate is not None:
            book.set_duedate(f"sqlite:///{template}", context.course_id, assignment, self.duedate)
        release = run_dir / "release" / assignment / f"{assignment}.ipynb"
        case_key = secret.assignment_key(secret.course_secret(context.root), assignment).hex()
        return [Submission(student, assignment, mark, str(context.submission_dir(student, assignment)), str(release),
                           str(template), self.extensions.get(student), self.sandbox, case_key)
                for student, mark in todo]

    def _pool(self, run_dir: Path, submissions: int) -> Pool | DaskPool:
        """Dask's workers, or this machine's, started now (sandboxed ones start their kernel template)."""
        limit = submission_time_limit(self.context, self.assignment, self.student_timeout)
        config = copy.deepcopy(self.context.config)
        config.SandboxKernelManager.graded_assignment = self.assignment  # the spare kernels warm-up forks, too
        if self.scheduler:
            return DaskPool(self.scheduler, run_dir, limit, config, self.context.course_id)
        pool = Pool(self.jobs, run_dir, limit, config, self.context.course_id, warm_up=self.sandbox)
        pool.start(submissions)
        return pool

    def _dispatch(self, submissions: list[Submission], pool: Pool | DaskPool) -> None:
        progress = Progress(len(submissions), min(self.jobs, len(submissions)), self.stream)
        with self.context.gradebook() as gradebook:
            def finish(result: Result) -> None:
                if not self.lost:
                    try:
                        self.lock.check()  # still the only run: the server (and its lock) did not go away
                        self.rows[result.student] = self.recorder.record(gradebook, result)
                    except GradebookUnavailable as error:
                        self.lost = error
                if self.lost:
                    self.rows[result.student] = Row(result.student, Outcome.INTERRUPTED, note=NOT_RECORDED)
                row = self.rows[result.student]
                shown = score_text(row) if row.outcome is Outcome.GRADED else row.note
                progress.advance(row.outcome.label,
                                 f"{row.student} {row.outcome.label} {shown} ({duration(result.seconds)})")

            try:
                in_flight, queued = pool.run(submissions, finish, stopped=lambda: bool(self.stop_signal or self.lost),
                                             tick=progress.draw)
            finally:
                progress.close()
        self._interrupted([s.student for s in in_flight], "채점 도중 중단됨: 다시 실행하면 채점합니다")
        self._interrupted([s.student for s in queued], "다시 실행하면 채점합니다")

    def _interrupted(self, students: list[str], note: str) -> None:
        for student in students:
            self.rows[student] = Row(student, Outcome.INTERRUPTED, note=note)


def grade_assignment(context: CourseContext, assignment: str, *, jobs: int | None = None,
                     students: list[str] | None = None, force: bool = False,
                     student_timeout: float | None = None, sandbox: bool = True, stream=None,
                     scheduler: str | None = None) -> Summary:
    """Grade every submission of `assignment` (or `students`), `jobs` at a time, each kernel in its own
    sandbox unless `sandbox` is False (GradeError when no sandbox can be made here); with `scheduler`
    (tcp://HOST:PORT), on that Dask cluster's workers (:mod:`autograder.grading.cluster`)."""
    jobs = jobs or cgroups.usable_cpus()
    return _Run(context, assignment, jobs, students, force, student_timeout, sandbox, stream or sys.stderr,
                scheduler).run()


