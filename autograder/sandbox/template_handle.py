"""The worker's side of the kernel template (runs in the grading worker, as root): whether kernels can be forked
here, the template process this worker starts (:mod:`autograder.sandbox.template` runs in it), and the spare
kernel forked from it ahead of each slot's next submission. It sends the template a
:class:`~autograder.sandbox.kernel_plan.KernelPlan` per kernel and imports nothing of the template's own side.
"""

from __future__ import annotations

import os
import shutil
import sys

from autograder.sandbox.cgroups import Group
from autograder.sandbox.kernel_plan import SYS_PIVOT_ROOT, KernelPlan
from helpers.kernel_fork import ForkedKernel, TemplateProcess

TEMPLATE_MODULE = "autograder.sandbox.template"  # run as ``python -m``: the template process


def available() -> bool:
    """Whether kernels can be forked into sandboxes here: Linux, root, a known pivot_root."""
    return sys.platform.startswith("linux") and os.geteuid() == 0 and SYS_PIVOT_ROOT is not None


def start_template(environment: dict[str, str], modules: list[str]) -> TemplateProcess:
    """A new template process (:data:`TEMPLATE_MODULE` through helpers.kernel_fork), importing `modules` once."""
    return TemplateProcess(TEMPLATE_MODULE, environment, modules)


class _ThisProcess:
    """This process's kernel template and the spare kernel it forked for each slot. A forked child starts
    with none (os.register_at_fork below): it must start its own."""

    template: TemplateProcess | None = None
    spares: dict[int, Spare] = {}

    @classmethod
    def forget(cls) -> None:
        cls.template, cls.spares = None, {}


os.register_at_fork(after_in_child=_ThisProcess.forget)


class Spare:
    """A kernel forked ahead of its submission, starting up in its own sandbox until a manager adopts it."""

    def __init__(self, kernel: ForkedKernel, connection_file: str, socket_dir: str, uid: int, group: Group | None,
                 helpers_folder: str):
        self.kernel, self.connection_file, self.socket_dir, self.uid = kernel, connection_file, socket_dir, uid
        self.group, self.helpers_folder = group, helpers_folder  # the helpers package its sandbox binds

    def discard(self) -> None:
        self.kernel.kill_group()
        if self.group is not None:
            self.group.remove()
        shutil.rmtree(self.socket_dir, ignore_errors=True)


def keep_spare(slot: int, spare: Spare) -> None:
    old = _ThisProcess.spares.pop(slot, None)
    if old is not None:
        old.discard()
    _ThisProcess.spares[slot] = spare


def take_spare(slot: int, helpers_folder: str) -> Spare | None:
    """The live spare kernel for `slot` whose sandbox binds `helpers_folder`, handed over once; None when there is
    none, it died or it sees another package (another assignment's)."""
    spare = _ThisProcess.spares.pop(slot, None)
    if spare is not None and (spare.kernel.poll() is not None or spare.helpers_folder != helpers_folder):
        spare.discard()
        return None
    return spare


def discard_spares() -> None:
    """Stop every spare kernel of this process and remove its socket folder (a worker that ends)."""
    for slot in list(_ThisProcess.spares):
        _ThisProcess.spares.pop(slot).discard()


def fork_kernel(template: TemplateProcess, plan: KernelPlan) -> ForkedKernel:
    """A kernel forked by `template` into the sandbox of `plan` (RuntimeError when it could not fork one)."""
    return template.launch(plan.to_json())


def template_for(environment: dict[str, str], modules: list[str]) -> TemplateProcess:
    """This process's template, started on first use and again if it died."""
    if _ThisProcess.template is None or not _ThisProcess.template.alive():
        _ThisProcess.template = start_template(environment, modules)
    return _ThisProcess.template
