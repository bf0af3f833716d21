"""How many threads each grading job's numeric libraries use: the CPUs shared out among the jobs.

torch (and the BLAS and OpenMP under it) starts one thread per CPU in every process. A run of `--jobs 2` on two
CPUs has two workers and two kernels computing at once: with two threads each, every parallel region (a `triu`,
a `softmax`) waits for a thread another process holds, and spins meanwhile. Each job gets its share of the CPUs
instead; an instructor who set ``OMP_NUM_THREADS`` keeps their choice.
"""

from __future__ import annotations

import os
import sys

THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS")  # torch's OpenMP and MKL read these when they start


def threads_per_job(jobs: int, cpus: int) -> int:
    """The threads of one of `jobs` jobs sharing `cpus` CPUs (at least one)."""
    return max(1, cpus // max(1, jobs))


def limit_threads(threads: int) -> None:
    """Make this process and the kernels it starts (they inherit these variables through the sandbox's
    environment) use `threads` threads, unless the environment already says how many."""
    if "OMP_NUM_THREADS" in os.environ:
        return
    for name in THREAD_VARIABLES:
        os.environ[name] = str(threads)
    torch = sys.modules.get("torch")  # read the variables when it was imported: told directly
    if torch is not None:
        torch.set_num_threads(threads)
