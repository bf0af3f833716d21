"""Grading past one machine: submissions fan out to Dask distributed workers (``grade --scheduler``).

The parent stays the only gradebook writer, and resume and fingerprints work as in a local run: only
the pool is different. No shared file system is assumed. Each submission travels to a Dask worker as
bytes (its folder, the release notebook; the run's template gradebook once, broadcast), is graded there
by the same grading worker process as a local run (:mod:`autograder.worker`, sandbox included), and its
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
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from autograder.console import duration
from autograder.worker import Result, Task

LOST = "Dask 작업자가 채점 도중 사라졌습니다"
DAEMONIC = ("이 Dask 작업자는 자식 프로세스를 만들 수 없습니다 (daemon). 작업자를 "
            "DASK_DISTRIBUTED__WORKER__DAEMON=False 로 띄우세요 (autograder/cluster.py)")


@dataclass
class Parcel:
    """A task with its files as bytes: what travels to a Dask worker."""

    task: Task
    submission: dict[str, bytes]  # file name → content, the submission folder
    release_notebook: bytes
    limit: float  # seconds the submission may take


def pack(task: Task, limit: float) -> Parcel:
    folder = Path(task.submission_dir)
    files = {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()} \
        if folder.is_dir() else {}
    return Parcel(task, files, Path(task.release_notebook).read_bytes(), limit)


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
_LOCAL: dict[int, object] = {}  # this Dask worker process's grading worker, by pid
_LOCK = threading.Lock()  # a Dask worker with several threads grades one submission at a time per process


def _grading_worker(run_dir: Path):
    import multiprocessing

    from autograder.pool import Worker

    if multiprocessing.current_process().daemon:
        raise RuntimeError(DAEMONIC)
    worker = _LOCAL.get(os.getpid())
    if worker is None or worker.broken or not worker.process.is_alive():
        if worker is not None:
            worker.kill()
        worker = _LOCAL[os.getpid()] = Worker(0, run_dir, start_method="spawn")
    return worker


def grade_parcel(parcel: Parcel, template_db: bytes) -> tuple[Result, bytes]:
    """Grade one submission on this machine; (its result, its autograded folder packed)."""
    from multiprocessing.connection import wait

    with _LOCK:
        root = Path(tempfile.gettempdir()) / f"course-grader-dask-{os.getpid()}"
        root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix="task-", dir=root))
        try:
            task = parcel.task
            submission = scratch / "course" / "submitted" / task.student / task.assignment
            submission.mkdir(parents=True)
            for name, content in parcel.submission.items():
                (submission / name).write_bytes(content)
            (scratch / "release.ipynb").write_bytes(parcel.release_notebook)
            (scratch / "template.db").write_bytes(template_db)
            config = copy.deepcopy(task.config)
            config.CourseDirectory.root = str(scratch / "course")
            local = replace(task, submission_dir=str(submission), release_notebook=str(scratch / "release.ipynb"),
                            template_db=str(scratch / "template.db"), config=config)
            worker = _grading_worker(root)
            worker.give(local, parcel.limit)
            result = None
            while result is None:
                ready = wait([worker.connection, worker.process.sentinel], timeout=0.5)
                result = worker.poll(ready, parcel.limit)
            if worker.broken:
                worker.kill()
            else:
                worker.task = None
            packed = _pack_folder(Path(result.staged)) if result.ok else b""
            return replace(result, staged=""), packed
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


# ---------------------------------------------------------------- in the parent
class DaskPool:
    """The same interface as :class:`autograder.pool.Pool`, grading on a Dask cluster."""

    def __init__(self, scheduler: str, run_dir: Path, limit: float):
        self.scheduler, self.run_dir, self.limit = scheduler, run_dir, limit

    def close(self) -> None:
        """Nothing to stop: the cluster's workers belong to the cluster, not to this run."""

    def run(self, tasks: list[Task], on_result: Callable[[Result], None], stopped: Callable[[], bool],
            tick: Callable[[], None] = lambda: None) -> tuple[list[Task], list[Task]]:
        """Grade every task on the cluster until done or `stopped()`; returns (in flight, never started)."""
        from distributed import Client

        if not tasks:
            return [], []
        with Client(self.scheduler, timeout="30s") as client:
            template = client.scatter(Path(tasks[0].template_db).read_bytes(), broadcast=True)
            futures = {client.submit(grade_parcel, pack(task, self.limit), template, pure=False, retries=0): task
                       for task in tasks}
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
                    on_result(self._failed(futures[future], f"제출 하나의 제한 시간({duration(self.limit)})을 "
                                                            "넘겨 중단했습니다"))
                tick()
            left = [futures[future] for future in pending]
            for future in pending:
                future.cancel()
        return left, []

    def _result(self, future, task: Task) -> Result:
        try:
            result, packed = future.result()
        except Exception as error:  # noqa: BLE001 - a worker lost or a task that raised: that student fails alone
            return self._failed(task, f"{LOST}: {type(error).__name__}: {error}"[:300])
        if result.ok:
            staged = self.run_dir / "remote" / task.student / task.assignment
            shutil.rmtree(staged, ignore_errors=True)
            _unpack_folder(packed, staged)
            result = replace(result, staged=str(staged))
        return result

    @staticmethod
    def _failed(task: Task, reason: str) -> Result:
        return Result(task.student, task.assignment, task.fingerprint, ok=False, reason=reason, sandboxed=task.sandbox)
