"""The Lab's Validate runs the notebook in a kernel forked from the Lab's warm template (helpers.validate_kernels),
which says exactly what a fresh kernel says, and its queue (helpers.validate_queue) runs presses one at a time in the
order they came."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from course_testing import source_solutions, write_student_notebook

from helpers.paths import ROOT
from helpers.validate_kernels import ForkedExecute, LabTemplate
from helpers.validate_queue import ValidateQueue
from helpers.validation import course_config, validate

CH01 = ROOT / "release" / "ch01_handmade_qkv" / "ch01_handmade_qkv.ipynb"


def _notebook_testing(folder: Path, test: str) -> Path:
    """A notebook with one graded test cell running `test`."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    cell = nbformat.v4.new_code_cell(test)
    cell.metadata["nbgrader"] = {"grade": True, "grade_id": "probe", "points": 1, "locked": True, "solution": False,
                                 "schema_version": 3}
    notebook.cells.append(cell)
    path = folder / "probe.ipynb"
    nbformat.write(notebook, path)
    return path


def test_a_validate_kernel_is_forked_from_the_template_that_already_imported_torch(tmp_path):
    """A fresh kernel has not imported torch before its first cell; a fork of the Lab's template has. The second
    Validate forks from the same template, in a fraction of the time a fresh kernel needs."""
    probe = _notebook_testing(tmp_path, 'import sys\nassert "torch" in sys.modules, "a fresh kernel"')
    config = course_config()
    assert not validate(probe, config).ok  # nbgrader's own Execute: a fresh kernel
    assert validate(probe, config, execute=ForkedExecute).ok
    starts = LabTemplate.starts
    started = time.monotonic()
    assert validate(probe, config, execute=ForkedExecute).ok
    assert time.monotonic() - started < 5  # a fresh kernel importing the stack took 7 s on a busy machine
    assert LabTemplate.starts == starts  # the template was reused


def test_a_validate_kernel_has_the_judge_compiled_before_its_first_check(tmp_path):
    """The test cells import the judge anew at every check (helpers.fresh_import): a fork of the template finds
    every module of it compiled already, so a check compiles nothing."""
    probe = _notebook_testing(tmp_path, "import helpers.fresh_import as fresh\n"
                                        "known = {path for path, _ in fresh._COMPILED}\n"
                                        "fresh.judge()\n"
                                        "assert {path for path, _ in fresh._COMPILED} == known, 'compiled here'")
    config = course_config()
    assert not validate(probe, config).ok  # nbgrader's own Execute: a fresh kernel compiles the judge itself
    assert validate(probe, config, execute=ForkedExecute).ok


def test_a_validate_kernel_finds_ch07s_model_file_checked_already(tmp_path):
    """ch07's checks verify the model file's SHA-256 before they trust its weights: a fork of the template finds it
    hashed (helpers.digests keeps it), so its first check reads none of the 90 MB."""
    probe = _notebook_testing(tmp_path, "import helpers.digests as digests\nfrom helpers import data\n"
                                        "known = dict(digests._KNOWN)\n"
                                        "data.verified_minilm_file()\n"
                                        "assert digests._KNOWN == known, 'hashed here'")
    config = course_config()
    assert not validate(probe, config).ok  # a fresh kernel hashes the file itself
    assert validate(probe, config, execute=ForkedExecute).ok


def test_a_validate_kernel_works_in_the_notebooks_folder_and_leaves_no_trace_in_the_next(tmp_path):
    folder = str(tmp_path.resolve())
    writes = _notebook_testing(tmp_path, f'import os, builtins\nassert os.getcwd() == {folder!r}\n'
                                         'assert not hasattr(builtins, "left_behind")\nbuiltins.left_behind = 1')
    config = course_config()
    assert validate(writes, config, execute=ForkedExecute).ok
    assert validate(writes, config, execute=ForkedExecute).ok


@pytest.mark.parametrize("answers", [{}, {"dot_scores": "def dot_scores(Q, K):\n    return Q @ K  # 전치를 잊은 답\n"}],
                         ids=["right", "wrong"])
def test_a_forked_validate_says_in_korean_what_a_fresh_kernel_says(tmp_path, answers):
    notebook = write_student_notebook(CH01, {**source_solutions("ch01_handmade_qkv"), **answers}, tmp_path)
    config = course_config()
    fresh, forked = validate(notebook, config), validate(notebook, config, execute=ForkedExecute)
    assert forked == fresh
    assert forked.ok == (not answers)
    assert [cell.error.split("]")[0] for cell in forked.failed] == (
        ["[진단: dot_scores/no_transpose", "[진단: self_attention/wrong_part"] if answers else [])


def test_twenty_presses_at_once_run_one_at_a_time_in_the_order_pressed():
    queue, order = ValidateQueue(slots=1), []

    def job(number: int):
        def run() -> int:
            order.append(number)
            time.sleep(0.02)
            return number
        return run

    async def press_twenty() -> list[int]:
        return await asyncio.gather(*(queue.run(Path(f"student{number}.ipynb"), job(number)) for number in range(20)))

    assert asyncio.run(press_twenty()) == list(range(20))
    assert order == list(range(20)) and queue.most_running == 1


def test_a_notebook_pressed_again_while_it_waits_shares_the_waiting_run():
    queue, runs = ValidateQueue(slots=1), []

    def job(name: str):
        def run() -> str:
            runs.append(name)
            time.sleep(0.05)
            return name
        return run

    async def presses() -> list[str]:
        first = asyncio.ensure_future(queue.run(Path("a.ipynb"), job("a1")))
        await asyncio.sleep(0.01)  # a1 runs; b waits, then is pressed again
        return await asyncio.gather(first, queue.run(Path("b.ipynb"), job("b1")), queue.run(Path("b.ipynb"), job("b2")))

    assert asyncio.run(presses()) == ["a1", "b1", "b1"]
    assert runs == ["a1", "b1"]


def test_without_a_template_the_labs_validate_starts_a_fresh_kernel(tmp_path, monkeypatch):
    from helpers import lab

    def no_template(cls):
        raise RuntimeError("the kernel template stopped (exit code -9)")

    monkeypatch.setattr(LabTemplate, "get", classmethod(no_template))
    probe = _notebook_testing(tmp_path, 'import sys\nassert "torch" not in sys.modules, "forked"')
    assert lab.validate_forked(probe).ok


def test_the_template_outlives_the_thread_that_asked_for_it():
    """The template dies with the thread that started it (PR_SET_PDEATHSIG): a Validate's worker thread or the
    Lab's warm-up thread that ends must not take it along."""
    if LabTemplate._process is not None:  # a template started by this test's own thread, not the warm-up's
        LabTemplate._process.process.kill()
        LabTemplate._process.process.wait()
    thread = LabTemplate.warm()
    thread.join()
    template = LabTemplate.get()
    time.sleep(1)
    assert template.alive() and LabTemplate.get() is template


def test_a_validate_kernel_finds_the_stack_imported_but_not_the_lectures_plotting_nor_the_labs_side(tmp_path):
    """On the class server every student pays for her own template's memory, so it holds only what the kernels use:
    not matplotlib (no assignment plots; a notebook that does imports it in its own kernel, and still validates),
    nor what the Lab's side (helpers.validate_kernels) imports (nbgrader, nbconvert, SQLAlchemy)."""
    probe = _notebook_testing(tmp_path, 'import sys\nassert "pandas" in sys.modules and "torch" in sys.modules\n'
                                        'held = {"matplotlib", "nbgrader", "nbconvert", "sqlalchemy"}\n'
                                        'held &= set(sys.modules)\n'
                                        'assert not held, f"imported by the template: {held}"\n'
                                        'import matplotlib.pyplot')
    assert validate(probe, course_config(), execute=ForkedExecute).ok


def test_the_labs_server_imports_none_of_the_stack_its_template_holds():
    """On the class server every student's own server holds what it imports: the Lab's side of Validate starts its
    template by the module's name, so the server imports neither torch (126 MiB of private memory in every
    student's server), numpy, pandas nor the course's data, which only the template and its kernels use."""
    imported = subprocess.run([sys.executable, "-c", "import sys, helpers.lab; print(*sorted(set(sys.modules) & "
                               "{'torch', 'numpy', 'pandas', 'helpers.data', 'helpers.validate_template'}))"],
                              cwd=ROOT, capture_output=True, text=True, check=True)
    assert imported.stdout.split() == []


def test_a_validate_kernel_starts_without_importing_what_the_template_could_have(tmp_path):
    """What ipykernel imports while it starts (IPython's pdb, the shell's completer and inspector, storemagic,
    tornado's asyncio loop) the template imported already: each module a forked kernel imports itself is time and
    copy-on-write pages in every Validate."""
    held = "import importlib, sys; [importlib.import_module(name) for name in sys.argv[1:]]; print(*sys.modules)"
    probe = _notebook_testing(tmp_path, "import subprocess, sys\n"
                                        "from helpers.kernel_fork import VALIDATE_STACK\n"
                                        f"held = subprocess.run([sys.executable, '-c', {held!r}, *VALIDATE_STACK], "
                                        "capture_output=True, text=True, check=True).stdout.split()\n"
                                        "started = sorted(name for name in set(sys.modules) - set(held) if "
                                        "name.split('.')[0] in {'IPython', 'ipykernel', 'pdb', 'bdb', 'tornado'})\n"
                                        "assert not started, started")
    assert validate(probe, course_config(), execute=ForkedExecute).ok


def test_a_validate_kernel_runs_without_a_debugger(tmp_path):
    """No one attaches a debugger to a Validate's kernel: neither the template nor its kernels import debugpy
    (7 MiB of every student's template on the class server), and the kernel still runs the notebook."""
    probe = _notebook_testing(tmp_path, 'import sys\nassert sys.modules.get("debugpy") is None\n'
                                        'assert not any(name.startswith("_pydevd") for name in sys.modules)')
    assert validate(probe, course_config(), execute=ForkedExecute).ok
