"""How long each lecture takes to execute, against a kernel that only imports the stack.

    .venv/bin/python benchmarks/lecture_time.py                     # every notebooks/*.ipynb, one round
    .venv/bin/python benchmarks/lecture_time.py --rounds 3 notebooks/07_pretrained_attention.ipynb

Each notebook is executed by nbclient (no nbval) in a fresh kernel started in notebooks/, as
``edition/lectures.py`` (``python course.py execute``) executes it; the time runs from the kernel's start to
the last cell's reply.
The import-only kernel executes one cell that imports what the lectures' first cells import (torch,
numpy, pandas, matplotlib.pyplot and the course's helpers), so a lecture's ratio to it is what the
lecture costs beyond starting Python and its libraries. A second import-only kernel also imports
transformers' BertModel: the part of ch07's time that no lecture code can save. The rounds interleave
the notebooks (import only, then each lecture, then again), so a change in the machine's load reaches
them alike; the median and the fastest of the rounds are printed, each with its ratio, and every round.
Last, ch07's toy model is trained in this process, outside any notebook, as the lecture trains it:
twice, since the first call also imports torch._dynamo (torch.optim does on first use).
A lecture's floor is the import-only kernel, and ch07's the one that also imports transformers (issue 45: "measure
what is left"); the last column is the median against that floor.
Targets: every lecture at most 2.5× its floor (issue 45); the toy training under 10 s on two cores (issue 31).
Other work on the machine skews the figures: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from helpers.paths import ROOT

IMPORT_ONLY = "import only"
WITH_TRANSFORMERS = "import only + transformers"
STACK_IMPORTS = """%config InlineBackend.figure_formats = ["png"]
import math, matplotlib.pyplot, numpy, pandas, torch
from helpers import data, plotting, reference"""  # what the lectures' first cells import, and nothing else
TRANSFORMERS_IMPORT = "from transformers import BertModel"  # what ch07 imports on top to read the model
NEEDS_TRANSFORMERS = ("07_pretrained_attention.ipynb",)  # lectures whose floor is the kernel with transformers


@dataclasses.dataclass
class Timing:
    """The wall times of one notebook, one per round."""

    name: str
    seconds: list[float] = dataclasses.field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def fastest(self) -> float:
        return min(self.seconds)


def import_only_notebook(*extra: str) -> nbformat.NotebookNode:
    """A notebook of one cell that imports the stack (and ``extra`` lines) and does nothing else."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("\n".join((STACK_IMPORTS, *extra)))]
    return notebook


def execute_seconds(notebook: nbformat.NotebookNode) -> float:
    """Wall time of executing `notebook` in a fresh kernel started in notebooks/, from start to last reply."""
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(ROOT / "notebooks")}})
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


@dataclasses.dataclass
class ToyTraining:
    """ch07's toy training timed twice in one process: the first call also pays torch.optim's one-time import of
    torch._dynamo (which the lecture pays anyway, in transformers' import), the second is the training alone."""

    first: float
    again: float
    steps: int
    threads: int


def toy_training() -> ToyTraining:
    """Train ch07's toy model on its training sentences, as the lecture does, twice."""
    import torch

    from helpers import data, reference

    task = data.toy_sentences()
    seconds = []
    for _ in range(2):
        start = time.perf_counter()
        _, _, losses = reference.train_toy_model(task.ids, task.question_at, task.labels, len(data.TOY_ACTIONS),
                                                 len(data.TOY_VOCAB))
        seconds.append(time.perf_counter() - start)
    return ToyTraining(seconds[0], seconds[1], len(losses), torch.get_num_threads())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebooks/*.ipynb")
    parser.add_argument("--rounds", type=int, default=1, help="executions of each notebook (median printed)")
    args = parser.parse_args(argv)
    paths = [path.resolve() for path in args.notebooks] or sorted((ROOT / "notebooks").glob("*.ipynb"))

    timings = [Timing(IMPORT_ONLY), Timing(WITH_TRANSFORMERS)] + [Timing(path.name) for path in paths]
    loads = []
    for _ in range(args.rounds):
        timings[0].seconds.append(execute_seconds(import_only_notebook()))
        timings[1].seconds.append(execute_seconds(import_only_notebook(TRANSFORMERS_IMPORT)))
        for timing, path in zip(timings[2:], paths, strict=True):
            timing.seconds.append(execute_seconds(nbformat.read(path, as_version=4)))
        loads.append(os.getloadavg()[0])
    training = toy_training()

    base, fastest_base = timings[0].median, timings[0].fastest
    floors = {IMPORT_ONLY: base, WITH_TRANSFORMERS: timings[1].median} | {
        path.name: timings[1].median if path.name in NEEDS_TRANSFORMERS else base for path in paths}
    print(f"lecture execution (nbclient, fresh kernel, no nbval), {args.rounds} round(s), "
          f"{os.cpu_count()} CPUs, load average {min(loads):.1f}–{max(loads):.1f}")
    print(f"{'notebook':34} {'median s':>8} {'× import only':>14} {'fastest s':>9} {'× import only':>14} "
          f"{'× its floor':>12}  every round")
    for timing in timings:
        rounds = " ".join(f"{seconds:.1f}" for seconds in timing.seconds)
        print(f"{timing.name:34} {timing.median:8.1f} {timing.median / base:14.2f} {timing.fastest:9.1f} "
              f"{timing.fastest / fastest_base:14.2f} {timing.median / floors[timing.name]:12.2f}  {rounds}")
    print(f"ch07 toy training outside a notebook ({training.steps} steps, {training.threads} torch threads): "
          f"{training.first:.2f} s first call (with torch.optim's first import), {training.again:.2f} s again")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
