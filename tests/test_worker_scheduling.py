"""tests/worker_scheduling.py: how the two workers of the README's test command share the suite."""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch
from worker_scheduling import (
    BOTH_PATHS_PER_ASSIGNMENT,
    CLASS_SERVER_FILES,
    FileOrGroupScheduling,
    marked_slow,
    worker_threads,
)

FILE = "tests/test_a.py"
ANOTHER_FILE = "tests/chapters/test_b.py"
SLOW_FILE = "tests/test_slow.py"
LECTURE = "notebooks/01_lecture.ipynb"
HUB_TEST = f"{CLASS_SERVER_FILES}test_hub.py::test_one"
BOTH_PATHS = f"{BOTH_PATHS_PER_ASSIGNMENT}[ch05_multi_head]"
SLOW = "pytest.mark." "slow"  # in two parts: this file itself marks nothing slow (the scheduler reads test files)


class Worker:
    """What the scheduler sees of a worker: the indexes of the tests it is sent."""

    def __init__(self):
        self.sent: list[int] = []

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += indexes


def _scheduler(collection: list[str], worker: Worker, root: Path) -> FileOrGroupScheduling:
    """The scheduler after xdist's own ordering (most tests first), before it gives out any unit."""
    scheduler = FileOrGroupScheduling.__new__(FileOrGroupScheduling)
    scheduler.config = SimpleNamespace(rootpath=root)
    scheduler.registered_collections = {worker: collection}
    scheduler.assigned_work = {}
    units: dict[str, dict[str, bool]] = {}
    for nodeid in collection:
        units.setdefault(scheduler._split_scope(nodeid), {})[nodeid] = False
    scheduler.workqueue = OrderedDict(sorted(units.items(), key=lambda unit: -len(unit[1])))
    return scheduler


def _write(root: Path, path: str, text: str) -> None:
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text, encoding="utf-8")


def test_the_class_server_unit_the_both_paths_tests_then_the_slow_files_go_first_and_the_rest_most_tests_first(
        tmp_path):
    _write(tmp_path, FILE, "def test_0():\n    pass\n")
    _write(tmp_path, ANOTHER_FILE, "import pytest\n\n\ndef test_0():\n    pytest.skip('not slow')\n")
    _write(tmp_path, SLOW_FILE, f"import pytest\n\npytestmark = {SLOW}\n")
    collection = [f"{FILE}::test_{n}" for n in range(5)] + [f"{ANOTHER_FILE}::test_{n}" for n in range(3)] + \
        [f"{SLOW_FILE}::test_0", f"{LECTURE}::Cell 0", f"{LECTURE}::Cell 1", BOTH_PATHS, HUB_TEST]
    worker = Worker()
    scheduler = _scheduler(collection, worker, tmp_path)
    while scheduler.workqueue:
        scheduler._assign_work_unit(worker)
    assert [collection[index] for index in worker.sent] == [HUB_TEST, BOTH_PATHS, *collection[9:11], collection[8],
                                                            *collection[:8]]


def test_a_file_is_slow_when_it_marks_a_test_or_itself_slow(tmp_path):
    _write(tmp_path, "one.py", f"import pytest\n\n\n@{SLOW}\ndef test_0():\n    pass\n")
    _write(tmp_path, "other.py", f"import pytest\n\n\n@{SLOW}ly\ndef test_0():\n    pass\n")
    assert marked_slow(tmp_path / "one.py")
    assert not marked_slow(tmp_path / "other.py")
    assert not marked_slow(tmp_path / "missing.py")


def test_every_class_server_file_is_one_unit_and_each_both_paths_test_a_unit_of_its_own(tmp_path):
    scheduler = _scheduler([], Worker(), tmp_path)
    assert scheduler._split_scope(f"{CLASS_SERVER_FILES}test_x.py::test_1") == CLASS_SERVER_FILES
    assert scheduler._split_scope(BOTH_PATHS) == BOTH_PATHS
    assert scheduler._split_scope(f"{FILE}::test_1") == FILE


def test_each_of_two_workers_on_two_cpus_computes_with_one_thread_and_a_single_process_keeps_torchs_own():
    assert worker_threads({"PYTEST_XDIST_WORKER_COUNT": "2"}, cpus=2) == 1
    assert worker_threads({"PYTEST_XDIST_WORKER_COUNT": "2"}, cpus=8) == 4
    assert worker_threads({"PYTEST_XDIST_WORKER_COUNT": "4"}, cpus=2) == 1
    assert worker_threads({}, cpus=2) is None


def test_this_workers_torch_and_the_kernels_it_starts_are_told_the_same_thread_count():
    if "PYTEST_XDIST_WORKER_COUNT" not in os.environ:
        pytest.skip("not an xdist worker: torch keeps its own thread count")
    assert torch.get_num_threads() == int(os.environ["OMP_NUM_THREADS"]) == int(os.environ["MKL_NUM_THREADS"])
