"""How the two workers of the README's test command share the suite (`--dist loadfile`, scheduled by
:class:`FileOrGroupScheduling` through tests/conftest.py)."""

from xdist.scheduler import LoadFileScheduling

CLASS_SERVER_FILES = "tests/autograder/hub/"
BOTH_PATHS_PER_ASSIGNMENT = "tests/helpers/test_both_paths.py::test_every_answer_gets_one_verdict_from_the_kernel"


class FileOrGroupScheduling(LoadFileScheduling):
    """--dist loadfile (one file, one worker: its module fixtures start once), with two exceptions named by path
    (pytest 9 dropped the node-id suffix that xdist's own --dist loadgroup needs):

    - each assignment's both-paths test (minutes each) is a unit of its own, so both workers take some;
    - the class-server files are one unit, run one after another: every hub shares the course's grader account,
      so hubs start one at a time on the machine (tests/autograder/hub/conftest.py), and a second worker would
      wait for the first worker's hub to end.

    The longest units go first (the class server's, then the both-paths tests), the rest as xdist orders them (most
    tests first): given last, a unit of minutes ran alone at the end while the other worker sat idle.
    """

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.startswith(CLASS_SERVER_FILES):
            return CLASS_SERVER_FILES
        if nodeid.startswith(BOTH_PATHS_PER_ASSIGNMENT):
            return nodeid
        return super()._split_scope(nodeid)

    def _assign_work_unit(self, node) -> None:
        longest = min(self.workqueue, key=_length_rank)  # the first of the lowest rank, in the queue's order
        self.workqueue.move_to_end(longest, last=False)
        super()._assign_work_unit(node)


def _length_rank(scope: str) -> int:
    """0 for the longest units, 1 for the next, 2 for the rest."""
    if scope == CLASS_SERVER_FILES:
        return 0
    return 1 if scope.startswith(BOTH_PATHS_PER_ASSIGNMENT) else 2
