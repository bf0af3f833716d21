"""A pool of grading worker processes: hand out submissions, watch deadlines, replace a worker that dies.

Each worker (autograder/grading/worker.py) is a long-lived process that grades one submission at a time.
The pool only moves submissions and results; what a result means is the caller's business
(:class:`autograder.grading.record.Recorder`).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from multiprocessing.connection import wait
from pathlib import Path

from autograder.course.console import duration
from autograder.grading.messages import Result, Submission, WorkerSetup
from autograder.grading.threads import threads_per_job
from autograder.grading.worker import kill_descendants, serve
from autograder.sandbox.cgroups import usable_cpus
from autograder.sandbox.policy import claim_machine_slot

DIED = "채점 프로세스가 예기치 않게 끝났습니다"


def _process_context():
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


class Worker:
    """One worker process, its slot and scratch folder, and the submission it is grading."""

    def __init__(self, index: int, run_dir: Path, config: object, course_id: str, start_method: str | None = None,
                 warm_up: bool = False, threads: int = 1):
        self.slot, self._slot_lock = claim_machine_slot()
        self.scratch = run_dir / f"w{index}"
        self.scratch.mkdir(parents=True, exist_ok=True)
        mp = multiprocessing.get_context(start_method) if start_method else _process_context()
        self.connection, child = mp.Pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        self.process = mp.Process(target=serve, args=(child, str(run_dir / f"w{index}.log"), os.getpid()),
                                  name=f"grader-{index}", daemon=True)
        self.process.start()
        child.close()
        self.setup = WorkerSetup(config, course_id, self.slot, str(self.scratch), warm_up, threads)
        self.connection.send(self.setup)  # a sandboxed worker warming up starts its kernel template now
        self.submission: Submission | None = None
        self.deadline = 0.0
        self.broken = False  # died or ran out of time: to be killed and replaced

    def give(self, submission: Submission, limit: float) -> None:
        """Start grading `submission`; it must be done within `limit` seconds."""
        self.submission = submission
        self.deadline = time.monotonic() + limit
        self.connection.send(submission)

    def poll(self, ready: list, limit: float) -> Result | None:
        """The finished submission's result; a failed Result (and `broken`) when the worker died or ran out
        of time; None while it is still at work."""
        failure = None
        if self.connection in ready:
            try:
                return self.connection.recv()
            except (EOFError, OSError):
                failure = DIED
        elif self.process.sentinel in ready:
            failure = DIED
        elif time.monotonic() > self.deadline:
            failure = f"제출 하나의 제한 시간({duration(limit)})을 넘겨 중단했습니다"
        if failure is None:
            return None
        self.broken = True
        return Result.failed(self.submission, failure)

    def kill(self) -> None:
        """Kill the worker and everything below it (kernels and what they started)."""
        if self.process.pid is not None:
            kill_descendants(self.process.pid)
        self.process.kill()
        self.process.join(5)
        self.connection.close()
        self._slot_lock.close()

    def stop(self) -> None:
        """Ask an idle worker to exit; kill it when it does not."""
        try:
            self.connection.send(None)
        except OSError:
            pass
        self.process.join(10)
        if self.process.is_alive():
            self.kill()
        else:
            self._slot_lock.close()


class Pool:
    """`jobs` workers grading submissions, calling `on_result` for each as it finishes."""

    def __init__(self, jobs: int, run_dir: Path, limit: float, config: object, course_id: str,
                 warm_up: bool = False):
        self.run_dir, self.limit, self.jobs = run_dir, limit, jobs
        self.config, self.course_id = config, course_id  # the course's, sent once to each worker
        self.warm_up = warm_up  # sandboxed workers: each warms up its kernel template as it starts
        self.workers: list[Worker] = []
        self._started = 0

    def _new_worker(self) -> Worker:
        self._started += 1
        return Worker(self._started - 1, self.run_dir, self.config, self.course_id, warm_up=self.warm_up,
                      threads=threads_per_job(self.jobs, usable_cpus()))

    def start(self, submissions: int) -> None:
        """Start the workers `submissions` need, ahead of `run` (they warm up meanwhile)."""
        while len(self.workers) < min(self.jobs, submissions):
            self.workers.append(self._new_worker())

    def run(self, submissions: list[Submission], on_result: Callable[[Result], None], stopped: Callable[[], bool],
            tick: Callable[[], None] = lambda: None) -> tuple[list[Submission], list[Submission]]:
        """Grade until every submission is done or `stopped()`; returns those not finished: in flight when it
        stopped, and never started."""
        queue = list(submissions)
        self.start(len(queue))
        try:
            while (queue or self._busy()) and not stopped():
                for worker in self.workers:
                    if worker.submission is None and queue:
                        worker.give(queue.pop(0), self.limit)
                self._collect(on_result)
                tick()
        finally:
            in_flight = [worker.submission for worker in self.workers if worker.submission is not None]
            self.close()
        return in_flight, queue

    def _busy(self) -> list[Worker]:
        return [worker for worker in self.workers if worker.submission is not None]

    def _collect(self, on_result: Callable[[Result], None]) -> None:
        """Record each result finished since the last look (waiting up to half a second) before its worker,
        whose scratch folder holds the staged files, gets another submission; replace a worker that died."""
        busy = self._busy()
        ready = wait([w.connection for w in busy] + [w.process.sentinel for w in busy], timeout=0.5)
        for worker in busy:
            result = worker.poll(ready, self.limit)
            if result is None:
                continue
            if worker.broken:
                worker.kill()  # its kernel may still be running
                self.workers[self.workers.index(worker)] = self._new_worker()
            else:
                worker.submission = None
            on_result(result)

    def close(self) -> None:
        """Stop idle workers, kill busy ones."""
        for worker in self.workers:
            if worker.submission is not None:
                worker.kill()
            else:
                worker.stop()
        self.workers = []
