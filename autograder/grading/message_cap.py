"""Kernel messages bounded in bytes before the grading worker receives them: all the frames of one message together.

ZeroMQ hands a message over only once every frame of it has arrived, so the worker would hold the whole of it
before anyone could count; and its own cap (``maxmsgsize``) limits each frame alone, dropping the connection
without a reason. So the worker's kernel client does not connect to the kernel's sockets: each channel goes
through a :class:`Relay`, a unix socket of the worker's own that passes the bytes on as they come and reads the
kernel's ZMTP stream as it goes (the framing only: each frame's flags and size, ZMTP 3). Once one message's frames
announce more than the cap, before their bytes are read, the relay cuts the connection; the channel waiting on it
raises :class:`KernelMessageTooLarge`, which ends the submission with its Korean reason. The worker holds at most
the cap of one message, and one chunk.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
from pathlib import Path
from queue import Empty
from time import monotonic

import zmq
from jupyter_client.channels import AsyncZMQSocketChannel
from traitlets import Integer, Type

from helpers.prompt_kernels import ReadyClient

MIB = 1 << 20
GREETING_BYTES = 64  # ZMTP 3: signature (10), version (2), mechanism (20), as-server (1), filler (31)
MORE, LONG, COMMAND = 0x01, 0x02, 0x04  # a frame's flags
CHUNK = 1 << 16  # bytes passed on at a time
WAIT = 0.2  # seconds a channel waits on its socket before it looks at its relay again


class KernelMessageTooLarge(Exception):
    """A kernel sent a message past the cap, or spoke other than ZMTP 3: the submission ends with this reason."""


class FrameMeter:
    """Reads the kernel's side of a ZMTP 3 connection as it streams by: the size of each message, frames added up."""

    def __init__(self, cap: int):
        self.cap = cap
        self._greeting = bytearray()
        self._header = bytearray()
        self._body_left = 0  # bytes of the current frame still to come
        self._message = 0  # bytes of the current message's frames so far

    def feed(self, data: bytes) -> str | None:
        """None while the stream keeps within the cap; else the Korean reason to cut it."""
        view, at = memoryview(data), 0
        while at < len(view):
            if len(self._greeting) < GREETING_BYTES:
                take = min(GREETING_BYTES - len(self._greeting), len(view) - at)
                self._greeting += view[at:at + take]
                at += take
                if len(self._greeting) == GREETING_BYTES and not self._speaks_zmtp3():
                    return "커널이 ZMTP 3이 아닌 방식으로 말을 걸었습니다"
            elif self._body_left:
                skipped = min(self._body_left, len(view) - at)
                self._body_left -= skipped
                at += skipped
            else:
                self._header.append(view[at])
                at += 1
                reason = self._frame_header()
                if reason:
                    return reason
        return None

    def _speaks_zmtp3(self) -> bool:
        signature, major = self._greeting[:10], self._greeting[10]
        return signature[0] == 0xFF and signature[9] & 0x01 == 1 and major >= 3

    def _frame_header(self) -> str | None:
        """The frame header read so far, once whole: its body is skipped and its size counted in its message."""
        flags = self._header[0]
        length = 9 if flags & LONG else 2
        if len(self._header) < length:
            return None
        size = int.from_bytes(self._header[1:length], "big")
        self._header.clear()
        self._body_left = size
        if flags & COMMAND:
            return None
        self._message += size
        if self._message > self.cap:
            return (f"커널이 보낸 메시지 하나가 {self.cap // MIB} MiB를 넘었습니다 "
                    f"(프레임 합계 {self._message:,} 바이트 이상)")
        if not flags & MORE:
            self._message = 0
        return None


_LOOP: asyncio.AbstractEventLoop | None = None


def _loop() -> asyncio.AbstractEventLoop:
    """The worker's one event loop for relays, in a thread of its own (started on first use)."""
    global _LOOP
    if _LOOP is None or not _LOOP.is_running():
        _LOOP = asyncio.new_event_loop()
        threading.Thread(target=_LOOP.run_forever, name="kernel-relays", daemon=True).start()
    return _LOOP


class Relay:
    """One channel's go-between: a unix socket of the worker's at `path`; each connection to it is passed to the
    kernel's `target` (a ZeroMQ ipc or tcp address) and back, the kernel's side metered."""

    def __init__(self, target: str, path: Path, cap: int):
        self.target, self.path, self.cap = target, path, cap
        self.cut = ""  # the Korean reason it was cut for, once it was
        self._server: asyncio.AbstractServer | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        return f"ipc://{self.path}"

    def start(self) -> None:
        asyncio.run_coroutine_threadsafe(self._start(), _loop()).result()

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), _loop()).result()

    async def _start(self) -> None:
        self._server = await asyncio.start_unix_server(self._serve, str(self.path))

    async def _close(self) -> None:
        if self._server is not None:
            self._server.close()
        for writer in list(self._writers):
            writer.close()

    async def _connect(self):
        transport, _, address = self.target.partition("://")
        if transport == "ipc":
            return await asyncio.open_unix_connection(address)
        host, _, port = address.rpartition(":")
        return await asyncio.open_connection(host, int(port))

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        self._writers.add(client_writer)
        try:
            kernel_reader, kernel_writer = await self._connect()
        except OSError:
            client_writer.close()
            return
        self._writers.add(kernel_writer)
        await asyncio.wait([asyncio.ensure_future(self._pass(client_reader, kernel_writer, None)),
                            asyncio.ensure_future(self._pass(kernel_reader, client_writer, FrameMeter(self.cap)))],
                           return_when=asyncio.FIRST_COMPLETED)
        for writer in (client_writer, kernel_writer):
            writer.close()
            self._writers.discard(writer)

    async def _pass(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, meter: FrameMeter | None):
        try:
            while chunk := await reader.read(CHUNK):
                reason = meter.feed(chunk) if meter is not None else None
                if reason:
                    self.cut = reason
                    await self._close()
                    return
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, OSError):
            return


RELAYS: dict[str, Relay] = {}  # by the url the worker's socket connects to


class BoundedChannel(AsyncZMQSocketChannel):
    """A kernel channel that stops waiting, with KernelMessageTooLarge, once its relay was cut."""

    async def get_msg(self, timeout: float | None = None) -> dict:
        deadline = None if timeout is None else monotonic() + timeout
        while True:
            relay = RELAYS.get(self.socket.get(zmq.LAST_ENDPOINT).decode())
            if relay is not None and relay.cut:
                raise KernelMessageTooLarge(relay.cut)
            wait = WAIT if deadline is None else max(0.0, min(WAIT, deadline - monotonic()))
            if await self.socket.poll(wait * 1000):
                return await self._recv()
            if deadline is not None and monotonic() >= deadline:
                raise Empty


class BoundedKernelClient(ReadyClient):
    """The course's kernel client (ready once the kernel answers) with every channel through a :class:`Relay` of
    this client's."""

    message_bytes = Integer(128 * MIB, help="Bytes one kernel message (all its frames) may take; past it the "
                                            "submission ends with a reason. Above the checker's largest answer "
                                            "(helpers.grading.wire.MAX_MESSAGE_BYTES) and a 100 MB print, which "
                                            "the output budget cuts and stores bounded.").tag(config=True)
    shell_channel_class = Type(BoundedChannel)
    iopub_channel_class = Type(BoundedChannel)
    stdin_channel_class = Type(BoundedChannel)
    control_channel_class = Type(BoundedChannel)

    _relay_folder: Path | None = None
    _relays: dict[str, Relay] | None = None

    def _make_url(self, channel: str) -> str:
        if self._relays is None:
            self._relays = {}
            self._relay_folder = Path(tempfile.mkdtemp(prefix="relay-", dir="/tmp"))
            os.chmod(self._relay_folder, 0o700)
        if channel not in self._relays:
            relay = Relay(super()._make_url(channel), self._relay_folder / channel, self.message_bytes)
            relay.start()
            self._relays[channel] = RELAYS[relay.url] = relay
        return self._relays[channel].url

    def stop_channels(self) -> None:
        super().stop_channels()
        for relay in (self._relays or {}).values():
            relay.close()
            RELAYS.pop(relay.url, None)
        self._relays = None
        if self._relay_folder is not None:
            shutil.rmtree(self._relay_folder, ignore_errors=True)
            self._relay_folder = None
