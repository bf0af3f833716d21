"""`grade ASSIGNMENT`: autograde a whole class in parallel, safely resumable.

How it is put together (see autograder/README.md for the instructor's view):

1. The assignment is recorded in the real gradebook from source/ (nbgrader GenerateAssignment),
   and once more into a small template gradebook that holds nothing else.
2. Each submission gets a fingerprint: the bytes of its folder plus the graded part of the
   source. A student whose fingerprint is already merged (and whose autograded notebook
   exists) is skipped as unchanged.
3. N long-lived worker processes (imported once) autograde one student at a time each, with
   nbgrader's own Autograde converter, every notebook in a fresh kernel of its own, against a
   private copy of the template gradebook (see autograder/worker.py).
4. This process is the only writer of the real gradebook: for each finished student it moves
   the autograded folder into place, then merges grades and the fingerprint in one
   transaction. A student counts as done only once merged, so an interrupted run loses at
   most the students in flight, and running again finishes what is left.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import multiprocessing
import os
import shutil
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path

from autograder import gradebook as book
from autograder.console import Progress, duration, table
from autograder.context import CourseContext
from autograder.scan import TAMPER, Finding
from autograder.worker import Result, Task, kill_descendants, serve

GRADED, FAILED, UNCHANGED, INTERRUPTED = "채점", "실패", "변경 없음", "중단"


@dataclass
class Row:
    student: str
    outcome: str
    score: float | None = None
    max_score: float | None = None
    note: str = ""
    findings: list[dict] = field(default_factory=list)


@dataclass
class Summary:
    assignment: str
    rows: list[Row]
    seconds: float
    jobs: int
    interrupted: int = 0  # the signal number that stopped the run, 0 when it finished

    def count(self, outcome: str) -> int:
        return sum(row.outcome == outcome for row in self.rows)

    @property
    def exit_code(self) -> int:
        if self.interrupted:
            return 128 + self.interrupted
        return 1 if self.count(FAILED) else 0


class GradeError(RuntimeError):
    """The run cannot start (Korean message)."""


# ---------------------------------------------------------------- fingerprints
def source_digest(context: CourseContext, assignment: str) -> str:
    """Digest of what grading depends on in the source: code cells and nbgrader metadata."""
    notebook = json.loads(context.source_notebook(assignment).read_text(encoding="utf-8"))
    graded = [(cell.get("cell_type"), cell.get("source"), (cell.get("metadata") or {}).get("nbgrader"))
              for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"
              or (cell.get("metadata") or {}).get("nbgrader")]
    return hashlib.sha256(json.dumps(graded, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def fingerprint(folder: Path, digest: str) -> str:
    """Digest of every file of a submission folder, and of the graded source."""
    hasher = hashlib.sha256(digest.encode())
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts):
            hasher.update(str(path.relative_to(folder)).encode() + b"\0")
            hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


# ---------------------------------------------------------------- state on disk
def status_path(context: CourseContext, assignment: str) -> Path:
    return context.state_dir / f"{assignment}.json"


def load_status(context: CourseContext, assignment: str) -> dict:
    """Last known outcome per student ({} before the first run)."""
    path = status_path(context, assignment)
    try:
        return json.loads(path.read_text(encoding="utf-8")).get("students", {})
    except (OSError, ValueError):
        return {}


def _save_status(context: CourseContext, assignment: str, students: dict) -> None:
    path = status_path(context, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".tmp{os.getpid()}")
    temporary.write_text(json.dumps({"assignment": assignment, "students": students}, ensure_ascii=False,
                                    indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


def _replace_folder(staged: Path, destination: Path) -> None:
    """Put the staged autograded folder at `destination`, replacing what was there."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    old = destination.with_name(destination.name + f".old{os.getpid()}")
    if destination.exists():
        shutil.rmtree(old, ignore_errors=True)
        os.replace(destination, old)
    os.replace(staged, destination)
    shutil.rmtree(old, ignore_errors=True)


@contextlib.contextmanager
def _exclusive(path: Path):
    """Hold an exclusive lock on `path` for the block; GradeError when another run holds it."""
    handle = open(path, "a+")  # noqa: SIM115 - held for the whole block
    try:
        try:
            try:
                import fcntl

                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except ImportError:  # pragma: no cover - Windows
                import msvcrt

                msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            raise GradeError(f"다른 grade 명령이 이미 이 과제를 채점하고 있습니다 ({path.name}). "
                             "그 명령이 끝난 뒤 다시 실행하세요.") from None
        yield
    finally:
        handle.close()


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


# ---------------------------------------------------------------- workers
def _context_for_workers():
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


class _Worker:
    def __init__(self, index: int, run_dir: Path):
        self.index = index
        self.scratch = run_dir / f"w{index}"
        self.scratch.mkdir(parents=True, exist_ok=True)
        mp = _context_for_workers()
        self.connection, child = mp.Pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        self.process = mp.Process(target=serve, args=(child, str(run_dir / f"w{index}.log"), os.getpid()),
                                  name=f"grader-{index}", daemon=True)
        self.process.start()
        child.close()
        self.task: Task | None = None
        self.deadline = 0.0

    def give(self, task: Task, limit: float) -> None:
        task.scratch = str(self.scratch)
        self.task = task
        self.deadline = time.monotonic() + limit
        self.connection.send(task)

    def kill(self) -> None:
        if self.process.pid is not None:
            kill_descendants(self.process.pid)
        self.process.kill()
        self.process.join(5)
        self.connection.close()

    def stop(self) -> None:
        try:
            self.connection.send(None)
        except OSError:
            pass
        self.process.join(10)
        if self.process.is_alive():
            self.kill()


# ---------------------------------------------------------------- the run
class _Run:
    def __init__(self, context: CourseContext, assignment: str, jobs: int, students: list[str] | None,
                 force: bool, student_timeout: float | None, stream):
        self.context, self.assignment, self.jobs, self.force = context, assignment, max(1, jobs), force
        self.requested = students
        self.student_timeout = student_timeout
        self.stream = stream
        self.stop_signal = 0
        self.rows: dict[str, Row] = {}
        self.status = load_status(context, assignment)

    # -- signals: never raise in the middle of a merge; stop between steps instead
    def _on_signal(self, signum, frame) -> None:
        if not self.stop_signal:
            self.stream.write("\n중단 요청을 받았습니다: 채점 중인 학생을 멈추고, 끝난 학생만 성적부에 남깁니다…\n")
            self.stream.flush()
        self.stop_signal = signum

    def _limit(self) -> float:
        if self.student_timeout:
            return float(self.student_timeout)
        cell_timeout = self.context.config.Execute.get("timeout", 30) or 3600
        release = self.context.release_notebook(self.assignment)
        source = release if release.is_file() else self.context.source_notebook(self.assignment)
        cells = sum(c.get("cell_type") == "code" for c in json.loads(source.read_text(encoding="utf-8"))["cells"])
        return float(cell_timeout) * (cells + 2) + 120

    def run(self) -> Summary:
        started = time.monotonic()
        handlers = {}
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):
                if hasattr(signal, name):
                    handlers[getattr(signal, name)] = signal.signal(getattr(signal, name), self._on_signal)
        state = self.context.state_dir
        state.mkdir(parents=True, exist_ok=True)
        try:
            with _exclusive(state / f"{self.assignment}.lock"):
                _clean_stale_runs(state)
                self._grade_all()
        finally:
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
        rows = [self.rows[s] for s in sorted(self.rows)]
        return Summary(self.assignment, rows, time.monotonic() - started, self.jobs, self.stop_signal)

    def _grade_all(self) -> None:
        context, assignment = self.context, self.assignment
        if not context.source_notebook(assignment).is_file():
            raise GradeError(f"과제 {assignment} 의 원본이 없습니다: {context.source_notebook(assignment)}")
        students = context.submitted_students(assignment)
        if self.requested:
            for student in self.requested:
                if student not in students:
                    self.rows[student] = Row(student, FAILED, note=f"제출 폴더가 없습니다: "
                                                                   f"{context.submission_dir(student, assignment)}")
            students = [s for s in students if s in set(self.requested)]
        book.sync_assignment(context, assignment)
        digest = source_digest(context, assignment)
        with context.gradebook() as gradebook:
            book.ensure_marks_table(gradebook)
            merged = book.merged_fingerprints(gradebook, assignment)
            previous = book.scores(gradebook, assignment)
            self.duedate, self.extensions = book.lateness_settings(gradebook, assignment)
        todo = []
        for student in students:
            mark = fingerprint(context.submission_dir(student, assignment), digest)
            graded = context.autograded_dir(student, assignment) / f"{assignment}.ipynb"
            if not self.force and merged.get(student) == mark and graded.is_file():
                score, maximum = _total(previous.get(student, {}))
                last = self.status.get(student, {})
                self.rows[student] = Row(student, UNCHANGED, score, maximum, "이전 채점 결과 그대로",
                                         last.get("findings", []))
            else:
                todo.append((student, mark))
        if not todo or self.stop_signal:
            for student, _ in todo:
                self.rows[student] = Row(student, INTERRUPTED, note="다시 실행하면 채점합니다")
            return
        run_dir = context.state_dir / f"run-{os.getpid()}"
        run_dir.mkdir(parents=True, exist_ok=True)
        try:
            template = run_dir / "template.db"
            book.sync_assignment(context, assignment, db_url=f"sqlite:///{template}", release_to=run_dir / "release")
            if self.duedate is not None:
                book.set_duedate(f"sqlite:///{template}", context.course_id, assignment, self.duedate)
            self.release = run_dir / "release" / assignment / f"{assignment}.ipynb"
            self._dispatch(todo, run_dir, template)
        finally:
            shutil.rmtree(run_dir, ignore_errors=True)

    def _dispatch(self, todo: list[tuple[str, str]], run_dir: Path, template: Path) -> None:
        context, assignment = self.context, self.assignment
        limit = self._limit()
        queue = list(todo)
        workers = [_Worker(i, run_dir) for i in range(min(self.jobs, len(queue)))]
        next_index = len(workers)
        progress = Progress(len(queue), len(workers), self.stream)
        try:
            with context.gradebook() as gradebook:
                while (queue or any(w.task for w in workers)) and not self.stop_signal:
                    for worker in workers:
                        if worker.task is None and queue:
                            worker.give(self._task(*queue.pop(0), template), limit)
                    busy = [w for w in workers if w.task]
                    ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy], timeout=0.5)
                    for worker in busy:
                        failure = None
                        if worker.connection in ready:
                            try:
                                result: Result = worker.connection.recv()
                            except (EOFError, OSError):
                                failure = "채점 프로세스가 예기치 않게 끝났습니다"
                            else:
                                self._finish(gradebook, result, progress)
                                worker.task = None
                                continue
                        elif worker.process.sentinel in ready:
                            failure = "채점 프로세스가 예기치 않게 끝났습니다"
                        elif time.monotonic() > worker.deadline:
                            failure = f"제출 하나의 제한 시간({duration(limit)})을 넘겨 중단했습니다"
                        if failure:
                            task = worker.task
                            worker.kill()
                            workers[workers.index(worker)] = _Worker(next_index, run_dir)
                            next_index += 1
                            self._finish(gradebook, Result(task.student, assignment, task.fingerprint, ok=False,
                                                           reason=failure), progress)
                    progress.draw()
        finally:
            progress.close()
            for worker in workers:
                if worker.task is not None:
                    self.rows[worker.task.student] = Row(worker.task.student, INTERRUPTED,
                                                         note="채점 도중 중단됨: 다시 실행하면 채점합니다")
                    worker.kill()
                else:
                    worker.stop()
            for student, _ in queue:
                self.rows[student] = Row(student, INTERRUPTED, note="다시 실행하면 채점합니다")

    def _task(self, student: str, mark: str, template: Path) -> Task:
        context, assignment = self.context, self.assignment
        return Task(student, assignment, mark, str(context.submission_dir(student, assignment)),
                    str(self.release), str(template), "", context.course_id, context.config,
                    self.extensions.get(student))

    def _finish(self, gradebook, result: Result, progress: Progress) -> None:
        """Record one finished student: merge a graded one, remember a failed one."""
        context, assignment, student = self.context, self.assignment, result.student
        entry = {"fingerprint": result.fingerprint, "findings": result.findings, "seconds": round(result.seconds, 1)}
        if result.ok:
            try:
                _replace_folder(Path(result.staged), context.autograded_dir(student, assignment))
                book.merge(gradebook, assignment, student, result.fingerprint, result.timestamp, result.notebooks)
            except Exception as error:  # noqa: BLE001 - this student fails, the others go on
                result.ok, result.reason = False, f"성적부에 기록하지 못했습니다: {type(error).__name__}: {error}"
        if result.ok:
            score = sum(c["points"] for c in result.cells)
            maximum = sum(c["max_points"] for c in result.cells)
            notes = _notes(result.cells, result.timeouts)
            penalty = sum(nb.get("late_submission_penalty") or 0 for nb in result.notebooks.values())
            if penalty:
                notes = "; ".join(filter(None, [notes, f"지각 감점 {penalty:g}점 (성적부 점수에서 뺌)"]))
            entry.update(outcome="graded", score=score, max_score=maximum, cells=result.cells, timeouts=result.timeouts)
            row = Row(student, GRADED, score, maximum, notes, result.findings)
        else:
            log_path = context.state_dir / "logs" / assignment / f"{student}.log"
            log_path.parent.mkdir(parents=True, exist_ok=True)
            log_path.write_text(f"{result.reason}\n\n{result.log}", encoding="utf-8")
            entry.update(outcome="failed", reason=result.reason, log=str(log_path))
            row = Row(student, FAILED, note=result.reason, findings=result.findings)
        self.status[student] = entry
        _save_status(context, assignment, self.status)
        self.rows[student] = row
        shown = f"{_score_text(row)}" if row.outcome == GRADED else row.note
        progress.advance(row.outcome, f"{student} {row.outcome} {shown} ({duration(result.seconds)})")


def _total(cells: dict[str, tuple[float, float]]) -> tuple[float | None, float | None]:
    if not cells:
        return None, None
    return sum(s for s, _ in cells.values()), sum(m for _, m in cells.values())


def _notes(cells: list[dict], timeouts: list[str]) -> str:
    failed = [c["grade_id"] for c in cells if c["points"] < c["max_points"]]
    parts = []
    if failed:
        parts.append("틀림: " + ", ".join(failed))
    if timeouts:
        parts.append("시간 초과로 멈춘 셀: " + ", ".join(timeouts))
    return "; ".join(parts)


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:g}"


def _score_text(row: Row) -> str:
    if row.score is None:
        return "-"
    return f"{_number(row.score)}/{_number(row.max_score)}"


def closing_table(summary: Summary) -> str:
    """The table printed at the end of `grade`."""
    header = ["학생", "결과", "점수", "비고"]
    rows = [[r.student, r.outcome, _score_text(r), r.note] for r in summary.rows]
    counts = " · ".join(f"{name} {summary.count(name)}" for name in (GRADED, FAILED, UNCHANGED, INTERRUPTED)
                        if summary.count(name))
    lines = [f"과제 {summary.assignment}: 제출 {len(summary.rows)}건 ({counts or '없음'}), "
             f"작업자 {summary.jobs}개, {duration(summary.seconds)}", "", table(header, rows, right={2})]
    flagged = [(r.student, Finding(**f)) for r in summary.rows for f in r.findings]
    tampered = [(s, f) for s, f in flagged if f.kind == TAMPER]
    others = [(s, f) for s, f in flagged if f.kind != TAMPER]
    if tampered:
        lines += ["", f"{TAMPER} (점수는 그대로, 강사 검토용):"]
        lines += [f"  {s}  {f.describe()}" for s, f in tampered]
    if others:
        lines += ["", "잠긴 셀 (nbgrader 가 원본으로 되돌려 채점):"]
        lines += [f"  {s}  {f.kind}: {f.cell}" for s, f in others]
    if summary.count(FAILED):
        lines += ["", "실패한 제출은 채점되지 않았습니다. 로그: autograded/.autograder/logs/"
                  f"{summary.assignment}/<학생>.log"]
    if summary.interrupted:
        lines += ["", "중단되었습니다. 같은 명령을 다시 실행하면 남은 학생만 채점합니다."]
    return "\n".join(lines)


def grade_assignment(context: CourseContext, assignment: str, *, jobs: int | None = None,
                     students: list[str] | None = None, force: bool = False,
                     student_timeout: float | None = None, stream=None) -> Summary:
    """Grade every submission of `assignment` (or `students`), `jobs` at a time."""
    jobs = jobs or default_jobs()
    return _Run(context, assignment, jobs, students, force, student_timeout, stream or sys.stderr).run()


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1
