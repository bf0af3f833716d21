"""The template of the student's Validate kernels (``python -m helpers.validate_template MODULES``, the Lab giving
:data:`helpers.kernel_fork.VALIDATE_STACK`): a child of her Lab (:mod:`helpers.validate_kernels`, the Lab's side),
running as she does, inside her limits. It imports the stack once, then only forks: each Validate's notebook runs in
a fresh copy-on-write fork with the grader's fork mechanism (:mod:`helpers.kernel_fork`). It runs no notebook code
itself, and imports nothing of the Lab's side (nbgrader, nbconvert, SQLAlchemy, Jinja2, …), nor the Lab anything of
it: on the class server every student has a template of her own, and what it or her server holds that it does not
use is memory she pays for nothing.
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import json
import os
import signal
import sys

from helpers import data, fresh_import
from helpers.kernel_fork import Template

PR_SET_PDEATHSIG = 1


def run_kernel(plan: dict) -> None:
    """The forked child: a session of its own, the notebook's folder and environment, then ipykernel with the
    arguments Execute gave (its connection file first), as ``python -m ipykernel_launcher`` would."""
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the template's end ends its kernels
    os.setsid()
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # ipykernel's terminal banner (it sees no parent: the template imported it without one)
    os.close(null)
    os.chdir(plan["workdir"])
    os.environ.clear()
    os.environ.update(plan["environment"])
    sys.argv = [plan["launcher"], *plan["arguments"]]
    sys.path[0] = plan["workdir"]
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


def preload(modules: list[str]) -> None:
    """Import `modules` once, compile the judge the notebooks' test cells import anew at every check
    (helpers.fresh_import.judge) and check the model file ch07 reads (helpers.digests keeps its hash), then collect
    the imports' garbage (what is frozen is never collected), freeze what is left, so that a forked kernel's garbage
    collections never touch (and so copy) those pages, and give the heap's free pages back (glibc's malloc_trim):
    the template holds only what its kernels share."""
    for name in modules:
        importlib.import_module(name)
    fresh_import.judge()
    try:  # ch07's checks hash the model's 90 MB at their first call (~60 ms): once here, for every kernel
        data.verified_minilm_file()
    except ModuleNotFoundError:  # no model package: ch07's own cells say so, in Korean
        pass
    gc.collect()
    gc.freeze()
    libc = ctypes.CDLL(None)
    if hasattr(libc, "malloc_trim"):
        libc.malloc_trim(0)


def main(modules: list[str]) -> int:
    ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # the Lab's end ends its template
    # no one attaches a debugger to a Validate's kernel: ipykernel, finding no debugpy, runs its kernels without one
    # (debugpy's 7 MiB in every student's template on the class server)
    sys.modules["debugpy"] = None
    preload(modules)
    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    Template(run_kernel).serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
