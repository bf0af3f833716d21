"""helpers/prompt_kernels.py: a client is ready once its kernel has answered, and a manager notices its kernel's end
when it happens, not at its next poll."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest
import zmq
from jupyter_client.manager import AsyncKernelManager

from autograder.grading.message_cap import BoundedKernelClient
from autograder.sandbox.kernels import SandboxKernelManager, TemplateKernelManager
from helpers.prompt_kernels import RECONNECT_EVERY_MS, KernelDiedEarly, PromptKernelManager, ReadyClient
from helpers.validate_kernels import ForkKernelManager
from helpers.validation import StreamsToFileKernelManager

# a kernel that prints on IOPub without pause from its start, so IOPub never falls silent
CHATTY = ("import sys, threading, time; threading.Thread(target=lambda: [(print('.', end=''), sys.stdout.flush(), "
          "time.sleep(0.005)) for _ in iter(int, 1)], daemon=True).start()")
NEVER = 3600.0  # seconds: a poll that, in a test, never comes


async def _started(manager: AsyncKernelManager, *extra: str) -> AsyncKernelManager:
    await manager.start_kernel(extra_arguments=list(extra))
    return manager


def test_a_client_is_ready_while_its_kernel_keeps_printing():
    async def ready() -> type:
        manager = await _started(PromptKernelManager(), f"--IPKernelApp.exec_lines={CHATTY}")
        client = manager.client()
        client.start_channels()
        try:
            await asyncio.wait_for(client.wait_for_ready(timeout=60), timeout=120)
            return type(client)
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    assert asyncio.run(ready()) is ReadyClient


def test_a_client_tries_again_soon_to_connect_to_a_kernel_still_binding_its_ports():
    """A client connects as its kernel starts, before the kernel has bound its ports: libzmq's 100 ms between
    attempts held a kernel that had just started from its first request for up to that long."""
    async def intervals() -> set[int]:
        client = PromptKernelManager().client()  # its ports: where no kernel listens yet
        client.start_channels()
        try:
            return {channel.socket.getsockopt(zmq.RECONNECT_IVL) for channel in (client.shell_channel,
                                                                                   client.iopub_channel)}
        finally:
            client.stop_channels()

    assert RECONNECT_EVERY_MS < 100 and asyncio.run(intervals()) == {RECONNECT_EVERY_MS}


def test_a_kernel_that_dies_before_answering_raises_the_error_the_labs_validate_forks_again_on():
    async def failure() -> BaseException | None:
        manager = await _started(PromptKernelManager(), "--IPKernelApp.exec_lines=import os; os._exit(1)")
        client = manager.client()
        client.start_channels()
        try:
            await asyncio.wait_for(client.wait_for_ready(timeout=60), timeout=120)
        except RuntimeError as error:
            return error
        finally:
            client.stop_channels()
            await manager.cleanup_resources()
        return None

    assert isinstance(asyncio.run(failure()), KernelDiedEarly)


def test_the_end_of_a_kernel_is_noticed_without_waiting_for_the_next_poll():
    async def noticed() -> bool:
        manager = await _started(PromptKernelManager())
        waiting = asyncio.create_task(manager._async_wait(pollinterval=NEVER))
        await asyncio.sleep(0.5)  # the wait has begun and found the kernel alive
        os.kill(manager.provisioner.pid, signal.SIGKILL)
        try:
            await asyncio.wait_for(waiting, timeout=60)
        except TimeoutError:
            return False
        finally:
            await manager.cleanup_resources()
        return not await manager.is_alive()

    assert asyncio.run(noticed())


@pytest.mark.parametrize("manager", [StreamsToFileKernelManager, ForkKernelManager, SandboxKernelManager,
                                     TemplateKernelManager])
def test_every_kernel_the_course_starts_is_prompt(manager):
    assert issubclass(manager, PromptKernelManager)
    assert issubclass(BoundedKernelClient, ReadyClient)  # the grader's client, set by its class name
