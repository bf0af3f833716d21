"""The lectures' stored outputs reproduce on any CPU (issue 31 §7): nbval once more, with PyTorch forced onto its
generic CPU kernels and one thread, the floating-point path furthest from the vectorised one the outputs were
stored with. An output that prints a processor's rounding (a difference of 4.2e-07 here, 4.8e-07 there) fails."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from helpers.paths import ROOT

GENERIC_CPU = {"ATEN_CPU_CAPABILITY": "default", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _generic_cpu_environment() -> dict[str, str]:
    return {**os.environ, **GENERIC_CPU}


def test_torch_takes_its_generic_kernels_in_that_environment():
    """ATEN_CPU_CAPABILITY=default is honoured by the installed torch (else the nbval run below would prove nothing)."""
    probe = "import torch; print(torch.backends.cpu.get_cpu_capability(), torch.get_num_threads())"
    result = subprocess.run([sys.executable, "-c", probe], env=_generic_cpu_environment(), capture_output=True,
                            text=True, check=True, timeout=120)
    assert result.stdout.split() == ["DEFAULT", "1"]


@pytest.mark.slow
def test_lecture_outputs_reproduce_on_generic_cpu_kernels_with_one_thread():
    """Every lecture notebook under nbval, in a subprocess whose kernels inherit the generic-CPU environment."""
    command = [sys.executable, "-m", "pytest", "--nbval", "notebooks", "--nbval-sanitize-with",
               "tests/nbval_sanitize.cfg", "-p", "no:cacheprovider", "-q", "-n", "0"]
    result = subprocess.run(command, cwd=ROOT, env=_generic_cpu_environment(), capture_output=True, text=True,
                            timeout=1800)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
