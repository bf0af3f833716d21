"""Kernels that start and stop on events instead of on jupyter_client's timers.

jupyter_client waits 0.2 s of IOPub silence after every kernel's first answer (``wait_for_ready``: never, for a
kernel that keeps printing) and notices a kernel's exit by polling every 0.1 s; its client, connecting while the
kernel starts, tries again every 0.1 s until the kernel has bound its ports. The course starts a kernel for each
submission it grades and for each Validate, so these waits are paid once a notebook. Here a client is ready once
the kernel has answered on shell and IOPub and tries its connection again every 10 ms, and the manager wakes when
the kernel process ends (a pidfd), still polling at jupyter_client's interval where no pidfd can be had.

    PromptKernelManager ── client_factory ─→ ReadyClient
        ├── helpers.validation.StreamsToFileKernelManager   (course.py check)
        ├── helpers.validate_kernels.ForkKernelManager      (the Lab's Validate)
        └── autograder.sandbox.kernels.SandboxKernelManager (grading)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from queue import Empty

import zmq
import zmq.asyncio
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import AsyncKernelManager
from jupyter_client.utils import ensure_async
from traitlets import Type

DRAINED_AT_MOST = 100  # IOPub messages already arrived that a new client drops before it is used
SHELL_WAIT = 1.0  # seconds for a kernel_info reply before asking again (jupyter_client's)
# milliseconds between a client's attempts to connect to a kernel that has not bound its ports yet (libzmq's 100):
# the client starts connecting as the kernel starts, and a kernel binds its ports ~40 ms before it reads them
RECONNECT_EVERY_MS = 10
IOPUB_WAIT = 0.2  # seconds for a first IOPub message that shows the channel is connected (jupyter_client's)


class KernelDiedEarly(RuntimeError):
    """The kernel ended before it answered kernel_info (its message jupyter_client's words)."""


async def _ready_once_answered(self: AsyncKernelClient, timeout: float | None = None) -> None:
    """jupyter_client's ``wait_for_ready`` (ask kernel_info until shell replies and IOPub is heard), then drop the
    IOPub messages already there without waiting for silence. A message still on its way is for a request no
    later one is: nbclient and the checker read only replies to their own requests."""
    deadline = time.monotonic() + (float("inf") if timeout is None else timeout)
    while True:
        self.kernel_info()
        try:
            reply = await ensure_async(self.shell_channel.get_msg(timeout=SHELL_WAIT))
        except Empty:
            reply = None
        if reply is not None and reply["msg_type"] == "kernel_info_reply" and await _iopub_heard(self):
            self._handle_kernel_info_reply(reply)
            break
        if not await self._async_is_alive():
            raise KernelDiedEarly("Kernel died before replying to kernel_info")
        if time.monotonic() > deadline:
            raise RuntimeError(f"Kernel didn't respond in {timeout:.0f} seconds")
    for _ in range(DRAINED_AT_MOST):
        try:
            await ensure_async(self.iopub_channel.get_msg(timeout=0))
        except Empty:
            break


async def _iopub_heard(client: AsyncKernelClient) -> bool:
    try:
        await ensure_async(client.iopub_channel.get_msg(timeout=IOPUB_WAIT))
    except Empty:
        return False
    return True


class ReadyClient(AsyncKernelClient):
    """An asynchronous kernel client that is ready as soon as the kernel has answered."""

    wait_for_ready = _ready_once_answered

    def _context_default(self) -> zmq.asyncio.Context:
        """The client's own context (jupyter_client's), its sockets retrying a refused connection every
        RECONNECT_EVERY_MS: at libzmq's 100 ms, a kernel that had just started waited up to that long for its
        first request."""
        context = super()._context_default()
        context.setsockopt(zmq.RECONNECT_IVL, RECONNECT_EVERY_MS)
        return context


@contextlib.contextmanager
def _exit_notice(pid: int | None):
    """A future done when process `pid` ends (never done when Linux gives no pidfd for it)."""
    loop = asyncio.get_running_loop()
    ended = loop.create_future()
    try:
        descriptor = os.pidfd_open(pid) if pid else None
    except (OSError, AttributeError):  # gone already, or not Linux ≥ 5.3
        descriptor = None
    if descriptor is None:
        yield ended
        return

    def notice() -> None:  # once: the descriptor stays readable, and a level-triggered reader would spin
        loop.remove_reader(descriptor)
        ended.set_result(None)

    loop.add_reader(descriptor, notice)
    try:
        yield ended
    finally:
        loop.remove_reader(descriptor)
        os.close(descriptor)


class PromptKernelManager(AsyncKernelManager):
    """An asynchronous kernel manager whose clients are :class:`ReadyClient` and that notices its kernel's end
    when it happens."""

    client_factory = Type(ReadyClient, klass=AsyncKernelClient, config=True,
                          help="The client class; ReadyClient does not wait for IOPub to fall silent.")

    async def _async_wait(self, pollinterval: float = 0.1) -> None:
        """Until the kernel process is no longer alive: woken by its end, or at the latest after `pollinterval`."""
        with _exit_notice(getattr(self.provisioner, "pid", None)) as ended:
            while await self._async_is_alive():
                if ended.done():  # ended, not yet reaped: jupyter_client's own pace
                    await asyncio.sleep(pollinterval)
                else:
                    await asyncio.wait([ended], timeout=pollinterval)
