"""The plan a grading worker sends its kernel template (autograder.sandbox.kernel_plan): typed on both sides of the
process boundary, and the template's side imports nothing of the worker's."""

from __future__ import annotations

import json
import subprocess
import sys

from autograder.sandbox.kernel_plan import KernelPlan
from autograder.sandbox.policy import WORKDIR, Limits, template_plan


def test_a_plan_reads_back_as_the_same_plan_after_its_json_line(tmp_path):
    plan = template_plan(61000, tmp_path, Limits(), str(tmp_path / "kernel.json"), 201,
                         ["/sys/fs/cgroup/x/cgroup.procs"], b"\x00filter\xff", {"/course/helpers": "/tmp/built"})
    line = json.dumps({"launch": plan.to_json()})  # what helpers.kernel_fork writes to the template's stdin
    again = KernelPlan.from_json(json.loads(line)["launch"])
    assert again == plan
    assert again.seccomp == b"\x00filter\xff" and again.tmpfs == ("/tmp", WORKDIR)
    assert again.bind_as == {"/course/helpers": "/tmp/built"} and again.limits["RLIMIT_CORE"] == 0


def test_a_plan_without_a_filter_or_a_group_reads_back_without_them(tmp_path):
    plan = template_plan(61001, tmp_path, Limits(), str(tmp_path / "kernel.json"), -1, [], None, {})
    again = KernelPlan.from_json(json.loads(json.dumps(plan.to_json())))
    assert again == plan and again.seccomp is None and again.cgroup_procs == ()


def test_the_template_process_imports_nothing_of_the_workers_side():
    loaded = subprocess.run([sys.executable, "-c", "import sys, autograder.sandbox.template\n"
                             "print(sorted(name for name in sys.modules if name.startswith('autograder')))"],
                            capture_output=True, text=True, check=True).stdout
    for worker_side in ("autograder.sandbox.kernels", "autograder.sandbox.policy",
                        "autograder.sandbox.template_handle"):
        assert f"'{worker_side}'" not in loaded, loaded
