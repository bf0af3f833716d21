"""A grading worker: a long-lived process that autogrades one student after another in-process.

nbgrader is imported once per worker, not once per student. Each submission is still run by
nbgrader's own Autograde converter (sanitize, restore locked cells, execute, save grades) but against a
private scratch gradebook: a fresh copy of a template that holds only the assignment. Its execute step is the
checker's (autograder/grading/checker.py): the student's cells run in a fresh sandboxed kernel, the hidden tests
never do; this process calls the student's functions over a narrow channel and decides every verdict. The
worker never touches the real gradebook; it returns plain data and the parent, the only writer, merges it.
"""

from __future__ import annotations

import copy
import os
import shutil
import signal
import sys
import time
import traceback
from pathlib import Path

import nbformat
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbgrader.api import Gradebook
from nbgrader.converters import Autograde
from nbgrader.preprocessors.execute import UnresponsiveKernelError

from autograder.course import diagnosis
from autograder.course.context import LOG_LINES, ConverterFailed, run_converter
from autograder.course.notebook import parse_notebook, read_notebook
from autograder.course.placing import LinkOnTheWay, copy_without_links
from autograder.course.scan import scan_notebook, unread
from autograder.course.trust import running_as_root
from autograder.grading.messages import Result, Submission, WorkerSetup
from autograder.grading.threads import limit_threads
from autograder.grading.unsynced import unsynced
from autograder.sandbox import template_handle
from autograder.sandbox.kernels import LimitLedger, SandboxedExecute, SandboxKernelManager, TemplateKernelManager
from autograder.sandbox.policy import kernel_environment, limit_reached_reason
from helpers.korean import Particle, attach


class GradingFailed(Exception):
    """A submission that cannot be graded, with the Korean reason."""


class _Autograde(Autograde):
    """nbgrader's Autograde that remembers the exception which failed the submission."""

    failure: BaseException | None = None

    def convert_single_notebook(self, notebook_filename: str) -> None:
        try:
            super().convert_single_notebook(notebook_filename)
        except BaseException as error:
            self.failure = error
            raise

    def init_assignment(self, assignment_id: str, student_id: str) -> None:
        try:
            super().init_assignment(assignment_id, student_id)
        except BaseException as error:
            self.failure = error
            raise


def _reason(error: BaseException | None, fallback: str) -> str:
    from autograder.grading.checker import KernelDidNotStart, UnknownHiddenTest
    from autograder.grading.message_cap import KernelMessageTooLarge

    if isinstance(error, UnknownHiddenTest):
        return f"숨은 테스트를 채점할 수 없습니다 (강사가 고칠 일): {error}"
    if isinstance(error, KernelMessageTooLarge):
        return f"{error}: 채점을 멈췄습니다"
    if isinstance(error, DeadKernelError):
        return "커널이 채점 도중 죽었습니다 (os._exit, 메모리·프로세스 수 제한을 넘김, 또는 충돌)"
    if isinstance(error, CellTimeoutError | UnresponsiveKernelError):
        return "셀이 제한 시간을 넘긴 뒤 중단 요청에도 응답하지 않았습니다"
    if isinstance(error, KernelDidNotStart):
        return "커널을 시작하지 못했습니다"
    if error is not None:
        return f"nbgrader 오류: {type(error).__name__}: {str(error)[:300]}"
    return fallback


def _submitted_folder(submission: Submission, scratch: Path) -> Path:
    """The folder to grade the submission from. As root, a copy in the worker's own scratch folder, made without
    following a link (autograder/course/placing.py): a link in the submission (to /etc/shadow, to source/) would
    otherwise be read as root and handed to the kernel and to autograded/; GradingFailed, saying so, when it has
    one."""
    if not running_as_root():
        return Path(submission.submission_dir)
    private = scratch / "submitted"
    shutil.rmtree(private, ignore_errors=True)
    try:
        copy_without_links(Path(submission.submission_dir), private / submission.student / submission.assignment)
    except LinkOnTheWay as error:
        raise GradingFailed(str(error)) from None
    return private / submission.student / submission.assignment


def _check_submission(folder: Path, assignment: str) -> Path:
    """The notebook to grade; GradingFailed when it is missing, misnamed or not a notebook."""
    expected = folder / f"{assignment}.ipynb"
    if not expected.is_file():
        others = sorted(p.name for p in folder.glob("*.ipynb")) if folder.is_dir() else []
        hint = f" (있는 노트북: {', '.join(others)})" if others else ""
        raise GradingFailed(f"노트북 {attach(expected.name, Particle.SUBJECT)} 없습니다{hint}")
    try:
        text = expected.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise GradingFailed("노트북 파일이 손상되었습니다 (UTF-8 텍스트가 아님)") from None
    try:
        parse_notebook(text)
    except ValueError as error:
        what = (f"JSON이 {error.lineno}행 {error.colno}열 에서 끊김/깨짐" if hasattr(error, "lineno")
                else str(error)[:80])
        raise GradingFailed(f"노트북 파일이 손상되었습니다 ({what})") from None
    try:
        nbformat.reads(text, as_version=4)
    except Exception as error:  # noqa: BLE001 - any reading error means the file is not a notebook
        detail = " ".join(str(error).split())[:160] or type(error).__name__
        raise GradingFailed(f"노트북 파일이 손상되었습니다 (노트북 형식이 아님: {detail})") from None
    return expected


def _scratch_gradebook(submission: Submission, setup: WorkerSetup, db: Path) -> None:
    """A fresh copy of the template gradebook, holding the student's extension when it has one
    (late penalties must see the extension the real gradebook has), written unsynced (it is merged, not kept)."""
    shutil.copyfile(submission.template_db, db)
    unsynced(db)
    if submission.extension is not None:
        with Gradebook(f"sqlite:///{db}", setup.course_id) as scratch_book:
            scratch_book.update_or_create_student(submission.student)
            scratch_book.update_or_create_submission(submission.assignment, submission.student,
                                                     extension=submission.extension)


def _autograde_settings(submission: Submission, setup: WorkerSetup, db: Path, staging_root: Path,
                        submitted: Path) -> dict[str, object]:
    """The course's configuration aimed at the scratch gradebook, the staging folder and the sandbox."""
    from autograder.grading.checker import checked_preprocessors  # torch: imported by workers, not the parent

    settings = {"CourseDirectory.db_url": f"sqlite:///{db}",
                "CourseDirectory.autograded_directory": str(staging_root),
                "CourseDirectory.submitted_directory": str(submitted.parent.parent),
                "Autograde.force": True,
                "Autograde.create_student": True}
    settings["Autograde.autograde_preprocessors"] = checked_preprocessors(submission.sandbox)
    settings["CheckedExecute.case_key"] = submission.case_key
    if submission.sandbox:
        settings["SandboxKernelManager.slot"] = setup.slot
        settings["SandboxKernelManager.graded_assignment"] = submission.assignment  # its kernel: no answer key
    if "shutdown_kernel" not in setup.config.Execute:
        # once the last cell has run nothing more is wanted from the kernel: kill it (and what it
        # started) at once instead of waiting for a polite shutdown, about 0.7 s a submission
        settings["Execute.shutdown_kernel"] = "immediate"
    return settings


def _autograde(submission: Submission, setup: WorkerSetup, result: Result, log: list[str]) -> None:
    """Check, scan and autograde the submission; fill `result` or raise GradingFailed."""
    scratch = Path(setup.scratch)
    staging_root, db = scratch / "autograded", scratch / "gradebook.db"
    shutil.rmtree(staging_root, ignore_errors=True)
    staging_root.mkdir(parents=True, exist_ok=True)
    submitted = _submitted_folder(submission, scratch)
    notebook_path = _check_submission(submitted, submission.assignment)
    try:
        result.findings = tuple(scan_notebook(notebook_path, Path(submission.release_notebook)))
    except Exception as error:  # noqa: BLE001 - the review scan must never stop grading, nor come back empty
        result.findings = (unread(f"정적 검사를 하지 못했습니다 ({type(error).__name__})"),)
    _scratch_gradebook(submission, setup, db)
    try:
        converter, lines = run_converter(_Autograde, setup.config, submission.assignment, submission.student,
                                         what="nbgrader가 채점하지",
                                         **_autograde_settings(submission, setup, db, staging_root, submitted))
    except ConverterFailed as error:  # the cause, when nbgrader's summary error hides it, is in .failure
        log.extend(error.log)
        raise GradingFailed(_reason(error.converter.failure, str(error).split("\n", 1)[0])) from None
    log.extend(lines)
    staged = staging_root / submission.student / submission.assignment
    graded = staged / f"{submission.assignment}.ipynb"
    if not graded.is_file():
        raise GradingFailed(_reason(converter.failure, "nbgrader가 채점한 노트북을 남기지 않았습니다"))
    autograded = read_notebook(graded)
    result.cells = diagnosis.outcomes(autograded)
    result.timeouts = diagnosis.timed_out_cells(autograded)
    result.timestamp, result.notebooks = _read_scratch(db, submission, setup)
    result.staged = str(staged)
    result.ok = True


def grade(submission: Submission, setup: WorkerSetup) -> Result:
    """Autograde one submission into the worker's scratch folder; never raises."""
    started = time.monotonic()
    result = Result.failed(submission, "")
    log: list[str] = []
    LimitLedger.take()
    try:
        _autograde(submission, setup, result, log)
    except GradingFailed as failure:
        result.reason = str(failure)
    except Exception as error:  # noqa: BLE001 - one submission's problem must not stop the worker
        result.reason = f"채점 도구 오류: {type(error).__name__}: {error}"
        log.append(traceback.format_exc())
    past_limit = limit_reached_reason(LimitLedger.take(), SandboxKernelManager(config=setup.config).limits())
    if past_limit is not None:  # its sandbox ran past a limit of its control group: that is the submission's failure
        result.ok, result.reason = False, past_limit
    if not result.ok:
        result.log = "\n".join(log[-LOG_LINES:])
    result.seconds = time.monotonic() - started
    return result


def _read_scratch(db: Path, submission: Submission, setup: WorkerSetup) -> tuple[str | None, dict]:
    """The submission's timestamp and every grade and comment the converter saved."""
    with Gradebook(f"sqlite:///{db}", setup.course_id) as gradebook:
        found = gradebook.find_submission(submission.assignment, submission.student)
        timestamp = found.timestamp.isoformat(" ") if found.timestamp else None
        notebooks = {}
        for notebook in found.notebooks:
            notebooks[notebook.name] = {
                "grades": {grade.name: grade.auto_score for grade in notebook.grades},
                "comments": {comment.name: comment.auto_comment for comment in notebook.comments},
                "late_submission_penalty": notebook.late_submission_penalty,
            }
    return timestamp, notebooks


# ---------------------------------------------------------------- the process
def _die_with_parent() -> None:
    """Ask Linux to SIGTERM this worker when the grading command dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: BLE001 - best effort
        pass


def kill_descendants(pid: int | None = None) -> None:
    """SIGKILL every process below `pid` (default: this one): kernels and what they started."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - ipykernel depends on psutil
        return
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return
    for child in children:
        try:
            child.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(children, timeout=3)


def warm_up(setup: WorkerSetup) -> None:
    """This worker's kernel template, and its first kernel forked as the spare the first submission adopts;
    nothing where kernels are not forked (bubblewrap); and the checker's stack (torch) in this process, while the
    parent plans the run. A failure only costs the time it would have saved."""
    import autograder.grading.checker  # noqa: F401 - imported now rather than during the first submission

    config = copy.deepcopy(setup.config)
    config.SandboxKernelManager.slot = setup.slot
    if SandboxedExecute(config=config).kernel_manager_class is not TemplateKernelManager:
        return
    try:
        manager = TemplateKernelManager(config=config)
        manager.fork_spare(template_handle.template_for(kernel_environment(), list(manager.preload)))
    except Exception:  # noqa: BLE001 - the first submission starts its template and kernel itself
        traceback.print_exc()


def _on_term(signum, frame):
    kill_descendants()
    os._exit(128 + signum)


def serve(connection, log_path: str, parent_pid: int) -> None:
    """Worker main loop: receive its WorkerSetup, then a Submission at a time and send back its Result,
    until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides what an interrupt means
    signal.signal(signal.SIGTERM, _on_term)
    _die_with_parent()
    if os.getppid() != parent_pid:  # the parent died before the death signal was armed
        os._exit(1)
    # Kernels inherit this process's stdout/stderr: their chatter goes to a log file, not the terminal.
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    setup: WorkerSetup | None = None
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            break
        if message is None:
            break
        if isinstance(message, WorkerSetup):
            setup = message
            limit_threads(setup.threads)  # before torch starts its threads, here and in every kernel
            if setup.warm_up:
                warm_up(setup)
            continue
        result = grade(message, setup)
        try:
            connection.send(result)
        except (BrokenPipeError, OSError):
            break
    template_handle.discard_spares()
    kill_descendants()
    os._exit(0)
