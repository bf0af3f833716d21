"""tests/worker_scheduling.py: how the two workers of the README's test command share the suite."""

from __future__ import annotations

from collections import OrderedDict

from worker_scheduling import BOTH_PATHS_PER_ASSIGNMENT, CLASS_SERVER_FILES, FileOrGroupScheduling

FILE = "tests/test_a.py"
ANOTHER_FILE = "tests/chapters/test_b.py"
HUB_TEST = f"{CLASS_SERVER_FILES}test_hub.py::test_one"
BOTH_PATHS = f"{BOTH_PATHS_PER_ASSIGNMENT}[ch05_multi_head]"


class Worker:
    """What the scheduler sees of a worker: the indexes of the tests it is sent."""

    def __init__(self):
        self.sent: list[int] = []

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += indexes


def _scheduler(collection: list[str], worker: Worker) -> FileOrGroupScheduling:
    """The scheduler after xdist's own ordering (most tests first), before it gives out any unit."""
    scheduler = FileOrGroupScheduling.__new__(FileOrGroupScheduling)
    scheduler.registered_collections = {worker: collection}
    scheduler.assigned_work = {}
    units: dict[str, dict[str, bool]] = {}
    for nodeid in collection:
        units.setdefault(scheduler._split_scope(nodeid), {})[nodeid] = False
    scheduler.workqueue = OrderedDict(sorted(units.items(), key=lambda unit: -len(unit[1])))
    return scheduler


def test_the_class_server_unit_then_the_both_paths_tests_are_given_out_first_and_the_rest_most_tests_first():
    collection = [f"{FILE}::test_{n}" for n in range(5)] + [f"{ANOTHER_FILE}::test_{n}" for n in range(3)] + \
        [BOTH_PATHS, HUB_TEST]
    worker = Worker()
    scheduler = _scheduler(collection, worker)
    while scheduler.workqueue:
        scheduler._assign_work_unit(worker)
    assert [collection[index] for index in worker.sent] == [HUB_TEST, BOTH_PATHS, *collection[:8]]


def test_every_class_server_file_is_one_unit_and_each_both_paths_test_a_unit_of_its_own():
    scheduler = _scheduler([], Worker())
    assert scheduler._split_scope(f"{CLASS_SERVER_FILES}test_x.py::test_1") == CLASS_SERVER_FILES
    assert scheduler._split_scope(BOTH_PATHS) == BOTH_PATHS
    assert scheduler._split_scope(f"{FILE}::test_1") == FILE
