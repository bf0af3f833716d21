"""Grading past one machine: submissions fan out to Dask distributed workers (``grade --scheduler``).

The parent stays the only gradebook writer, and resume and fingerprints work as in a local run: only
the pool is different. No shared file system is assumed. Each submission travels to a Dask worker as
bytes (its folder, the release notebook; the run's template gradebook once, broadcast), is graded there
by the same grading worker process as a local run (:mod:`autograder.grading.worker`, sandbox included), and its
result comes back with the autograded folder packed in it; the parent unpacks it into the run folder and
records it as usual.

A Dask worker machine needs the same course environment (``python course.py test`` has built it; the
same ``.venv``) and, for the sandbox, bubblewrap or root. Its Dask workers must be allowed child processes
(Dask's ``distributed.worker.daemon: False``): the grading worker and its kernels are those children.
Start the scheduler and the workers:

    .venv/bin/dask scheduler --port 8786                                    # on one machine
    DASK_DISTRIBUTED__WORKER__DAEMON=False \
        .venv/bin/dask worker tcp://SCHEDULER:8786 --nworkers 2 --nthreads 1  # on each grading machine
    course-grader grade ch01_handmade_qkv --scheduler tcp://SCHEDULER:8786  # on the instructor's machine
"""

from __future__ import annotations

import copy
import io
import os
import shutil
import tarfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from autograder.course.console import duration
from autograder.grading.messages import Result, Submission
from autograder.sandbox.policy import state_folder

LOST = "Dask 작업자가 채점 도중 사라졌습니다"
DAEMONIC = ("이 Dask 작업자는 자식 프로세스를 만들 수 없습니다 (daemon). 작업자를 "
            "DASK_DISTRIBUTED__WORKER__DAEMON=False로 띄우세요 (autograder/grading/cluster.py)")


@dataclass
class Parcel:
    """A submission with its files as bytes: what travels to a Dask worker."""

    submission: Submission
    files: dict[str, bytes]  # file name → content, the submission folder
    release_notebook: bytes
    limit: float  # seconds the submission may take


@dataclass(frozen=True)
class Course:
    """What every parcel of a run grades with, sent to each Dask worker once (broadcast)."""

    template_db: bytes  # the run's template gradebook
    config: object  # traitlets Config of the course
    course_id: str


def pack(submission: Submission, limit: float) -> Parcel:
    folder = Path(submission.submission_dir)
    files = {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()} \
        if folder.is_dir() else {}
    return Parcel(submission, files, Path(submission.release_notebook).read_bytes(), limit)


def _pack_folder(folder: Path) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        archive.add(folder, arcname=".")
    return buffer.getvalue()


def _unpack_folder(data: bytes, destination: Path) -> None:
    destination.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        archive.extractall(destination, filter="data")


# ---------------------------------------------------------------- on the Dask worker
class _Here:
    """This Dask worker process's grading worker (one at a time: `lock`), kept between parcels."""

    lock = threading.Lock()
    worker = None  # autograder.grading.pool.Worker


def _grading_worker(root: Path, config: object, course_id: str):
    """This process's grading worker for the course `config` describes, started or replaced when needed."""
    import multiprocessing

    from autograder.grading.pool import Worker

    if multiprocessing.current_process().daemon:
        raise RuntimeError(DAEMONIC)
    worker = _Here.worker
    if worker is None or worker.broken or not worker.process.is_alive() or worker.setup.config != config:
        if worker is not None:
            worker.kill()
        worker = _Here.worker = Worker(0, root, config, course_id, start_method="spawn")
    return worker


def grade_parcel(parcel: Parcel, course: Course) -> tuple[Result, bytes]:
    """Grade one submission on this machine; (its result, its autograded folder packed)."""
    from multiprocessing.connection import wait

    with _Here.lock:
        root = state_folder(f"dask-{os.getpid()}")  # never a name in /tmp that another account can make first
        here = root / "course"  # this process's copy of the course: the submission, release and template
        shutil.rmtree(here, ignore_errors=True)
        try:
            submission = parcel.submission
            folder = here / "submitted" / submission.student / submission.assignment
            folder.mkdir(parents=True)
            for name, content in parcel.files.items():
                (folder / name).write_bytes(content)
            (here / "release.ipynb").write_bytes(parcel.release_notebook)
            (here / "template.db").write_bytes(course.template_db)
            config = copy.deepcopy(course.config)
            config.CourseDirectory.root = str(here)
            local = replace(submission, submission_dir=str(folder), release_notebook=str(here / "release.ipynb"),
                            template_db=str(here / "template.db"))
            worker = _grading_worker(root, config, course.course_id)
            worker.give(local, parcel.limit)
            result = None
            while result is None:
                ready = wait([worker.connection, worker.process.sentinel], timeout=0.5)
                result = worker.poll(ready, parcel.limit)
            if worker.broken:
                worker.kill()
            else:
                worker.submission = None
            packed = _pack_folder(Path(result.staged)) if result.ok else b""
            return replace(result, staged=""), packed
        finally:
            shutil.rmtree(here, ignore_errors=True)


# ---------------------------------------------------------------- in the parent
class DaskPool:
    """The same interface as :class:`autograder.grading.pool.Pool`, grading on a Dask cluster."""

    def __init__(self, scheduler: str, run_dir: Path, limit: float, config: object, course_id: str):
        self.scheduler, self.run_dir, self.limit = scheduler, run_dir, limit
        self.config, self.course_id = config, course_id

    def close(self) -> None:
        """Nothing to stop: the cluster's workers belong to the cluster, not to this run."""

    def run(self, submissions: list[Submission], on_result: Callable[[Result], None], stopped: Callable[[], bool],
            tick: Callable[[], None] = lambda: None) -> tuple[list[Submission], list[Submission]]:
        """Grade every submission on the cluster until done or `stopped()`; returns (in flight, never started)."""
        from distributed import Client

        if not submissions:
            return [], []
        with Client(self.scheduler, timeout="30s") as client:
            course = client.scatter(Course(Path(submissions[0].template_db).read_bytes(), self.config, self.course_id),
                                    broadcast=True)
            futures = {client.submit(grade_parcel, pack(submission, self.limit), course, pure=False, retries=0):
                       submission for submission in submissions}
            started = {future: time.monotonic() for future in futures}
            pending = set(futures)
            while pending and not stopped():
                done = {future for future in pending if future.done()}
                if not done:
                    time.sleep(0.2)
                pending -= done
                for future in done:
                    on_result(self._result(future, futures[future]))
                for future in [f for f in pending if time.monotonic() - started[f] > self.limit + 60]:
                    future.cancel()
                    pending.discard(future)
                    on_result(Result.failed(futures[future], f"제출 하나의 제한 시간({duration(self.limit)})을 "
                                                             "넘겨 중단했습니다"))
                tick()
            left = [futures[future] for future in pending]
            for future in pending:
                future.cancel()
        return left, []

    def _result(self, future, submission: Submission) -> Result:
        try:
            result, packed = future.result()
        except Exception as error:  # noqa: BLE001 - a worker lost or a parcel that raised: that student fails alone
            return Result.failed(submission, f"{LOST}: {type(error).__name__}: {error}"[:300])
        if result.ok:
            staged = self.run_dir / "remote" / submission.student / submission.assignment
            shutil.rmtree(staged, ignore_errors=True)
            _unpack_folder(packed, staged)
            result = replace(result, staged=str(staged))
        return result
