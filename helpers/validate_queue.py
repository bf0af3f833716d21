"""The Lab's Validate queue: presses run in the order they came, a few at a time, so that twenty presses at once
start a few kernels, not twenty; a notebook pressed again while its run is still waiting shares that run.

The Lab's event loop only awaits here: each run itself goes to a worker thread, so the Lab stays usable.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

Result = TypeVar("Result")


class ValidateQueue:
    """First come, first served (asyncio's semaphore wakes its waiters in order), `slots` runs at a time."""

    def __init__(self, slots: int = 1):
        self.slots = slots
        self._semaphore: asyncio.Semaphore | None = None
        self._waiting: dict[Path, asyncio.Future] = {}
        self.running = 0
        self.most_running = 0  # the most runs at once so far (a test sees the queue hold)

    @property
    def waiting(self) -> int:
        """Runs pressed that have not started yet (a notebook pressed again while it waits counts once)."""
        return len(self._waiting)

    async def run(self, notebook: Path, job: Callable[[], Result]) -> Result:
        """`job`'s result for `notebook`, run in a worker thread when its turn comes."""
        waiting = self._waiting.get(notebook)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future = asyncio.get_running_loop().create_future()
        self._waiting[notebook] = future
        try:
            future.set_result(await self._turn(notebook, job))
        except Exception as error:  # noqa: BLE001 - every press that shares this run is told
            future.set_exception(error)
        finally:
            self._waiting.pop(notebook, None)
        return await future

    async def _turn(self, notebook: Path, job: Callable[[], Result]) -> Result:
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.slots)
        async with self._semaphore:
            self._waiting.pop(notebook, None)  # started: a press from now on validates the notebook as it is then
            self.running += 1
            self.most_running = max(self.most_running, self.running)
            try:
                return await asyncio.get_running_loop().run_in_executor(None, job)
            finally:
                self.running -= 1
