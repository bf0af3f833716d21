"""The student's Validate kernels, forked from a warm template that already imported the stack, with the grader's
fork mechanism (:mod:`helpers.kernel_fork`).

The template is the student's own: a child of her Lab (:mod:`helpers.validate_template`), started
when the Lab starts or at the first Validate, running as she does, inside her limits, with nothing of another
student's. It imports torch, numpy, pandas, IPython's kernel and the course's data once and then only
forks: each Validate's notebook runs in a fresh copy-on-write fork (a session of its own, the notebook's folder as
its working folder), so that it starts in a fraction of a second instead of importing the stack again. Nothing
passes from one Validate to the next: the template never runs a notebook's code.

    Lab ─ template (imported the stack; runs no notebook code) ─ kernel of Validate 1, kernel of Validate 2, …
"""

from __future__ import annotations

import os
import queue
import threading
import uuid

from jupyter_client.provisioning import LocalProvisioner
from nbgrader.preprocessors import Execute

from helpers.kernel_fork import VALIDATE_STACK, TemplateProcess
from helpers.prompt_kernels import PromptKernelManager

# The template's module, by name: importing it would bring the stack it imports (torch, pandas) into the Lab's server
TEMPLATE_MODULE = "helpers.validate_template"


class TemplateUnavailable(RuntimeError):
    """The Lab's template could not start or fork (out of memory, killed): Validate starts a fresh kernel instead."""


class LabTemplate:
    """This Lab's template: started once (at the Lab's start or the first Validate), again if it died; one
    launch at a time on its pipe. Every start happens in one thread that lives as long as the Lab: the template
    dies with the thread that started it (PR_SET_PDEATHSIG is a thread's), and a Validate's worker thread may end."""

    _process: TemplateProcess | None = None
    _lock = threading.Lock()
    _starts: queue.Queue | None = None
    starts = 0  # how many templates this process started (a test sees the template reused)

    @classmethod
    def state(cls) -> str:
        """Without waiting: "ready" (a template that imported the stack is alive: a Validate forks at once),
        "starting" (a start is under way) or "stopped" (none: never started, died, or its start failed; the next
        Validate starts one)."""
        process = cls._process
        if process is not None and process.alive():
            return "ready"
        return "starting" if cls._lock.locked() else "stopped"

    @classmethod
    def get(cls) -> TemplateProcess:
        with cls._lock:
            if cls._process is None or not cls._process.alive():
                cls._process = cls._started()
                cls.starts += 1
            return cls._process

    @classmethod
    def _started(cls) -> TemplateProcess:
        """A new template, started by the Lab's starter thread."""
        if cls._starts is None:
            cls._starts = queue.Queue()
            threading.Thread(target=cls._starter, args=(cls._starts,), name="validate-template", daemon=True).start()
        answer: queue.Queue = queue.Queue()
        cls._starts.put(answer)
        started = answer.get()
        if isinstance(started, Exception):
            raise started
        return started

    @staticmethod
    def _starter(requests: queue.Queue) -> None:
        while True:
            answer = requests.get()
            try:
                answer.put(TemplateProcess(TEMPLATE_MODULE, dict(os.environ), list(VALIDATE_STACK),
                                           cwd=os.getcwd()))
            except (RuntimeError, OSError) as failure:
                answer.put(failure)

    @classmethod
    def launch(cls, plan: dict):
        """A kernel forked for `plan`; TemplateUnavailable when the template cannot start or fork."""
        try:
            template = cls.get()
            with cls._lock:
                return template.launch(plan)
        except (RuntimeError, OSError, ValueError) as failure:
            raise TemplateUnavailable(str(failure)) from failure

    @classmethod
    def warm(cls) -> threading.Thread:
        """Start the template in the background (the Lab's start does not wait for its imports)."""
        thread = threading.Thread(target=cls.get, name="validate-template-warm", daemon=True)
        thread.start()
        return thread


class ForkProvisioner(LocalProvisioner):
    """Launches the kernel by asking the Lab's template to fork one, with the command's ipykernel arguments."""

    async def launch_kernel(self, cmd: list[str], **kwargs):
        if "ipykernel_launcher" not in cmd:
            raise RuntimeError(f"a forked kernel must be ipykernel, not {cmd}")
        import ipykernel_launcher

        plan = {"arguments": cmd[cmd.index("ipykernel_launcher") + 1:], "launcher": ipykernel_launcher.__file__,
                "workdir": kwargs.get("cwd") or os.getcwd(), "environment": dict(kwargs.get("env") or os.environ)}
        self.process = LabTemplate.launch(plan)
        self.pid = self.pgid = self.process.pid  # the forked kernel leads a session and process group of its own
        self.cwd = kwargs.get("cwd")
        return self.connection_info


class ForkKernelManager(PromptKernelManager):
    """A kernel manager whose kernels are forked from the Lab's template instead of started anew."""

    async def _async_pre_start_kernel(self, **kw):
        self.kernel_id = self.kernel_id or str(uuid.uuid4())
        if self.provisioner is None:
            self.provisioner = ForkProvisioner(kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
        return await super()._async_pre_start_kernel(**kw)


class ForkedExecute(Execute):
    """nbgrader's Execute preprocessor with its kernel forked from the Lab's template."""

    def __init__(self, *args, **kwargs):
        kwargs["kernel_manager_class"] = ForkKernelManager  # Execute would set its own otherwise
        super().__init__(*args, **kwargs)

