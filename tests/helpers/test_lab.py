"""The Lab's extension (helpers/lab.py) says, without starting anything, whether its Validate would fork at once:
GET course-validate answers with its template's state and its queue (what the class-server benchmark waits on)."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from helpers import lab, validate_kernels
from helpers.prompt_kernels import KernelDiedEarly
from helpers.validate_kernels import LabTemplate
from helpers.validate_queue import ValidateQueue


class SlowTemplate:
    """A template that answers "ready" only when the test lets it."""

    let_go = threading.Event()
    asked = threading.Event()

    def __init__(self, *args, **kwargs):
        SlowTemplate.asked.set()
        assert SlowTemplate.let_go.wait(20)
        self.live = True

    def alive(self) -> bool:
        return self.live


def test_the_status_says_starting_while_the_template_imports_then_ready_then_stopped_once_it_died(monkeypatch):
    monkeypatch.setattr(validate_kernels, "TemplateProcess", SlowTemplate)
    monkeypatch.setattr(LabTemplate, "_process", None)
    assert lab.validate_status()["template"] == "stopped"  # nothing started: GET starts nothing either
    assert lab.validate_status()["template"] == "stopped"
    warming = LabTemplate.warm()
    assert SlowTemplate.asked.wait(20)
    assert lab.validate_status()["template"] == "starting"
    SlowTemplate.let_go.set()
    warming.join(20)
    assert lab.validate_status()["template"] == "ready"
    LabTemplate._process.live = False  # killed (out of memory): the next Validate starts another
    assert lab.validate_status()["template"] == "stopped"


def test_the_status_counts_the_runs_running_and_waiting_in_the_labs_queue(monkeypatch):
    queue = ValidateQueue(slots=1)
    monkeypatch.setattr(lab, "VALIDATE_QUEUE", queue)
    release = threading.Event()

    def job() -> str:
        assert release.wait(20)
        return "done"

    async def three_presses() -> tuple[dict, list[str]]:
        presses = [asyncio.ensure_future(queue.run(Path(name), job)) for name in ("a", "b", "b", "c")]
        while queue.running == 0:
            await asyncio.sleep(0.01)
        status = lab.validate_status()
        release.set()
        return status, await asyncio.gather(*presses)

    status, results = asyncio.run(three_presses())
    assert {key: status[key] for key in ("running", "waiting")} == {"running": 1, "waiting": 2}  # b pressed twice
    assert results == ["done"] * 4 and lab.validate_status()["waiting"] == 0


def test_a_forked_kernel_that_died_before_answering_is_forked_once_more(monkeypatch, tmp_path):
    """On a class server's shared loopback another student's kernel may take a port between its choice and the
    forked kernel's bind: that Validate forks once more instead of failing; a second death is the student's answer."""
    tries = []

    def validate(notebook, execute=None):
        tries.append(execute)
        if len(tries) == 1:
            raise KernelDiedEarly("Kernel died before replying to kernel_info")
        return "validated"

    monkeypatch.setattr(lab, "validate", validate)
    assert lab.validate_forked(tmp_path / "a.ipynb") == "validated"
    assert tries == [validate_kernels.ForkedExecute] * 2

    def always_dies(notebook, execute=None):
        raise KernelDiedEarly("Kernel died before replying to kernel_info")

    monkeypatch.setattr(lab, "validate", always_dies)
    with pytest.raises(KernelDiedEarly):
        lab.validate_forked(tmp_path / "a.ipynb")
