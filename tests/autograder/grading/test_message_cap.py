"""autograder.grading.message_cap: one kernel message (all its frames together) is bounded before the grading
worker receives it, and a message past the cap ends the submission with a Korean reason.

The worker here is a child process that runs a notebook through CheckedExecute in a real ipykernel, its data
segment limited (so that on a worker without the cap the test fails by MemoryError instead of taking the
machine), and reports the growth of its peak memory (ru_maxrss) over an honest notebook run first.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys

import pytest

from autograder.grading.message_cap import MIB, BoundedKernelClient, FrameMeter

CAP = BoundedKernelClient.class_traits()["message_bytes"].default_value
DATA_LIMIT = 3 << 30  # the child worker's data segment: far above its honest need, far below a flood's
SEND = ("k = get_ipython().kernel\n"
        "_ = k.session.send(k.iopub_socket, 'stream', {{'name': 'stdout', 'text': 'x' * {text}}}, "
        "parent=k.get_parent(), "
        "ident=b'stream.stdout', buffers=[b'y' * {frame}] * {frames})")
WORKER = """
import json, resource, sys
from nbformat.v4 import new_code_cell, new_notebook
from autograder.grading.checker import CheckedExecute

def run(*sources):
    notebook = new_notebook(cells=[new_code_cell(source) for source in sources])
    try:
        CheckedExecute(kernel_name="python3", timeout=120).preprocess(notebook, {})
    except Exception as error:
        return f"{type(error).__name__}: {error}", notebook
    return "", notebook

def peak():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

run("print('안녕')", "1 + 1")
before = peak()
raised, notebook = run(sys.argv[1], "print('다음 셀')")
print(json.dumps({"raised": raised, "grown": peak() - before, "outputs": [cell.outputs for cell in notebook.cells]}))
"""


def _limit_data() -> None:
    resource.setrlimit(resource.RLIMIT_DATA, (DATA_LIMIT, DATA_LIMIT))


def _worker_sends(cell: str) -> dict:
    """What the child worker saw of `cell` (an exception, outputs) and how much its peak memory grew."""
    done = subprocess.run([sys.executable, "-c", WORKER, cell], capture_output=True, text=True, timeout=600,
                          preexec_fn=_limit_data)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def _assert_cut(seen: dict, what: str) -> None:
    measured = f"{what}: the worker's peak memory grew {seen['grown'] / MIB:.1f} MiB (cap {CAP // MIB} MiB)"
    print(measured)
    assert seen["raised"].startswith("KernelMessageTooLarge: 커널이 보낸 메시지 하나가"), \
        f"{measured}; raised {seen['raised'][:300]!r}"
    assert seen["grown"] <= CAP + 64 * MIB, measured


@pytest.mark.slow
def test_one_270_mib_kernel_message_ends_the_submission_without_the_worker_holding_it():
    _assert_cut(_worker_sends(SEND.format(text=270 * MIB, frame=0, frames=0)), "one 270 MiB message")


@pytest.mark.slow
def test_a_message_of_many_small_frames_is_bounded_by_all_its_frames_together():
    _assert_cut(_worker_sends(SEND.format(text=10, frame=512 << 10, frames=540)), "540 frames of 512 KiB")


@pytest.mark.slow
def test_an_honest_notebook_passes_the_relay_unchanged():
    seen = _worker_sends("from IPython.display import display\nprint('가' * 100_000)\ndisplay({'text/plain': 'x'}, "
                         "raw=True)")
    assert seen["raised"] == "", seen["raised"]
    assert seen["outputs"][0][0]["text"] == "가" * 100_000 + "\n"


def _frame(size: int, more: bool = False, command: bool = False) -> bytes:
    flags = (1 if more else 0) | (4 if command else 0) | (2 if size > 255 else 0)
    return bytes([flags]) + size.to_bytes(8 if size > 255 else 1, "big") + b"z" * size


GREETING = b"\xff" + bytes(8) + b"\x7f" + b"\x03\x01" + b"NULL".ljust(20, b"\0") + bytes(32)


def test_the_meter_counts_every_frame_of_a_message_and_not_commands_or_finished_messages():
    meter = FrameMeter(1000)
    stream = GREETING + _frame(900, command=True) + _frame(600) + _frame(600)  # two messages of 600
    assert meter.feed(stream) is None
    assert meter.feed(_frame(600, more=True)) is None
    assert "메시지 하나가" in meter.feed(_frame(600)[:9])  # decided by the header, before the body arrives


def test_the_meter_refuses_a_kernel_that_speaks_an_older_zmtp():
    assert "ZMTP 3" in FrameMeter(1000).feed(GREETING[:10] + b"\x02" + GREETING[11:])
