"""Kernels forked from a warm template: one process that imported the stack once forks each kernel, so that no
kernel starts Python and imports torch, numpy, pandas, matplotlib and IPython again.

The mechanism only, with nothing of where a kernel runs: the grader's template
(:mod:`autograder.sandbox.template`) forks each kernel into a sandbox as root; the student's Validate
(:mod:`helpers.validate_template`, started by :mod:`helpers.validate_kernels`) forks it as the student, in her
own Lab's process tree. The caller gives the template what its child does after the fork (`child`), and what the
template imports before serving (its ``-m`` module's own ``main``).

Protocol (one JSON object a line on the template's stdin, its answer on stdout):
``{"launch": plan}`` → ``{"pid": A}`` or ``{"error": "..."}``; ``{"release": A}`` lets the template reap A
(the caller holds a pidfd of it first, so the pid is never reused under it).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable

STACK = (
    "torch", "numpy", "pandas", "matplotlib.pyplot", "matplotlib_inline.backend_inline",  # the notebooks' stack
    "helpers.data", "helpers.plotting",  # what the notebooks' first cells import from the course
    # what ipykernel imports while it starts: its shell, its debugger (debugpy), IPython's history (sqlite3), pdb
    # (IPython's), the shell's completer, inspector, logger and storemagic, tornado's asyncio loop
    "ipykernel.kernelapp", "ipykernel.ipkernel", "ipykernel.zmqshell", "ipykernel.debugger",
    "IPython.core.history", "sqlite3", "psutil", "pydoc", "xmlrpc.client", "IPython.core.debugger",
    "IPython.core.completerlib", "IPython.core.oinspect", "IPython.core.logger", "IPython.extensions.storemagic",
    "tornado.platform.asyncio", "faulthandler",
)  # what a template imports before it forks kernels: Validate's and, with the checker's agent, the grader's
# What Validate's template imports (helpers.validate_template): the grader's stack less the lectures' plotting, which
# no assignment's notebook imports (a notebook that plots imports it in its own kernel). On the class server every
# student has a template of her own, so whatever it imports that her Validate never uses is memory she pays for
# nothing. Named here, not in the template's module, so that the Lab that starts it imports none of it.
VALIDATE_STACK = tuple(name for name in STACK if name.split(".")[0] not in ("matplotlib", "matplotlib_inline")
                       and name != "helpers.plotting")


class Template:
    """The server loop: fork a kernel per request (the child runs `child(plan)`); reap a child once the caller
    released it."""

    def __init__(self, child: Callable[[dict], None]):
        self.child = child
        self.released: set[int] = set()

    def reap(self, signum=None, frame=None) -> None:
        """Collect exited children; only released ones are waited for (a pidfd is open on the others)."""
        for pid in list(self.released):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                self.released.discard(pid)

    def launch(self, plan: dict) -> int:
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            try:
                signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                null = os.open("/dev/null", os.O_RDWR)
                os.dup2(null, 0)
                os.dup2(2, 1)  # the template's stdout is the caller's pipe: never the kernel's
                os.closerange(3, 65536)
                self.child(plan)
            except Exception:  # said on stderr (the caller's log): os._exit below would end the child silently
                traceback.print_exc()
            finally:
                os._exit(1)
        return pid

    def serve(self) -> None:
        signal.signal(signal.SIGCHLD, self.reap)
        for line in sys.stdin:
            request = json.loads(line)
            if "launch" in request:
                try:
                    answer = {"pid": self.launch(request["launch"])}
                except OSError as error:
                    answer = {"error": f"{type(error).__name__}: {error}"}
                sys.stdout.write(json.dumps(answer) + "\n")
                sys.stdout.flush()
            elif "release" in request:
                self.released.add(int(request["release"]))
                self.reap()


class TemplateProcess:
    """The caller's handle on its template (``python -m module *modules``): start it, launch a kernel, release a
    kernel's pid."""

    def __init__(self, module: str, environment: dict[str, str], modules: list[str], cwd: str = "/"):
        self.process = subprocess.Popen([sys.executable, "-m", module, *modules],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment,
                                        cwd=cwd, text=True, bufsize=1)
        answer = self._answer()
        if not answer.get("ready"):
            raise RuntimeError(f"the kernel template did not start: {answer.get('error', answer)}")

    def _answer(self) -> dict:
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the kernel template stopped (exit code {self.process.poll()})")
        return json.loads(line)

    def launch(self, plan: dict) -> ForkedKernel:
        self.process.stdin.write(json.dumps({"launch": plan}) + "\n")
        answer = self._answer()
        if "pid" not in answer:
            raise RuntimeError(f"the kernel template could not fork a kernel: {answer.get('error')}")
        return ForkedKernel(answer["pid"], self)

    def release(self, pid: int) -> None:
        try:
            self.process.stdin.write(json.dumps({"release": pid}) + "\n")
        except (BrokenPipeError, ValueError):
            pass

    def alive(self) -> bool:
        return self.process.poll() is None


class ForkedKernel:
    """A forked kernel seen as a Popen: a pidfd to poll, wait on and signal (it is the template's child)."""

    stdin = stdout = stderr = None
    returncode = None

    def __init__(self, pid: int, template: TemplateProcess):
        self.pid, self._template = pid, template
        self._pidfd = os.pidfd_open(pid)
        template.release(pid)  # from now on the pidfd holds the process: the template may reap it

    def poll(self) -> int | None:
        if self.returncode is None and self._pidfd is not None:
            ready, _, _ = select.select([self._pidfd], [], [], 0)
            if ready:
                self.returncode = 0
                os.close(self._pidfd)
                self._pidfd = None
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            select.select([self._pidfd], [], [], left)
            if deadline is not None and time.monotonic() >= deadline and self.poll() is None:
                raise TimeoutError(f"kernel {self.pid} still running")
        return self.returncode

    def send_signal(self, signum: int) -> None:
        if self.poll() is None:
            signal.pidfd_send_signal(self._pidfd, signum)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def kill_group(self) -> None:
        """SIGKILL the kernel's whole process group (it leads one: setsid in the child)."""
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except OSError:
            self.kill()

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)
