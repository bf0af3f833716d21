"""How the two workers of the README's test command share the suite (`--dist loadfile`, scheduled by
:class:`FileOrGroupScheduling` through tests/conftest.py)."""

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from xdist.scheduler import LoadFileScheduling

from autograder.grading.threads import threads_per_job

CLASS_SERVER_FILES = "tests/autograder/hub/"
BOTH_PATHS_PER_ASSIGNMENT = "tests/helpers/test_both_paths.py::test_every_answer_gets_one_verdict_from_the_kernel"
LECTURE_NOTEBOOKS = "notebooks/"  # nbval runs each lecture (a minute or more each)
SLOW_MARK = re.compile(r"\bpytest\.mark\.slow\b")  # the `slow` marker (pyproject.toml), on a test or the whole file


def worker_threads(environment: Mapping[str, str], cpus: int) -> int | None:
    """The threads one xdist worker's torch computes with (and every kernel it starts): its share of `cpus`, as a
    grading job's (autograder/grading/threads.py); None outside a worker. Two workers on two CPUs with two threads
    each made every parallel region spin on a thread the other worker held: the same answers graded 3-4x slower."""
    workers = environment.get("PYTEST_XDIST_WORKER_COUNT")
    return None if workers is None else threads_per_job(int(workers), cpus)


class FileOrGroupScheduling(LoadFileScheduling):
    """--dist loadfile (one file, one worker: its module fixtures start once), with two exceptions named by path
    (pytest 9 dropped the node-id suffix that xdist's own --dist loadgroup needs):

    - each assignment's both-paths test (minutes each) is a unit of its own, so both workers take some;
    - the class-server files are one unit, run one after another: every hub shares the course's grader account,
      so hubs start one at a time on the machine (tests/autograder/hub/conftest.py), and a second worker would
      wait for the first worker's hub to end.

    The longest units go first (the class server's, then the both-paths tests), then the other units of minutes
    (the lecture notebooks and the files with a `slow` test), the rest, seconds each, last, each rank as xdist
    orders it (most tests first): given last, a unit of minutes ran alone at the end while the other worker sat
    idle (xdist's order counts tests, not time: the grading classes, the cluster, the first run and the browser
    have a few tests each and came last).
    """

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.startswith(CLASS_SERVER_FILES):
            return CLASS_SERVER_FILES
        if nodeid.startswith(BOTH_PATHS_PER_ASSIGNMENT):
            return nodeid
        return super()._split_scope(nodeid)

    def _assign_work_unit(self, node) -> None:
        root = Path(self.config.rootpath)
        longest = min(self.workqueue, key=lambda scope: _length_rank(scope, root))  # the first of the lowest rank
        self.workqueue.move_to_end(longest, last=False)
        super()._assign_work_unit(node)


def _length_rank(scope: str, root: Path) -> int:
    """0 for the longest units, 1 for the next, 2 for the other units of minutes, 3 for the rest."""
    if scope == CLASS_SERVER_FILES:
        return 0
    if scope.startswith(BOTH_PATHS_PER_ASSIGNMENT):
        return 1
    return 2 if scope.startswith(LECTURE_NOTEBOOKS) or marked_slow(root / scope.split("::", 1)[0]) else 3


@cache
def marked_slow(path: Path) -> bool:
    """Whether the test file at `path` marks a test (or itself) `slow`."""
    try:
        return bool(SLOW_MARK.search(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False
