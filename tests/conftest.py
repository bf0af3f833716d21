"""pytest configuration shared by the whole suite, and the fixtures of a real PostgreSQL server."""

import itertools

import matplotlib
import pytest
from postgres_server import PostgresServer, Unavailable
from xdist.scheduler import LoadGroupScheduling

# Figures drawn by the tests themselves need no screen. (Not MPLBACKEND: the kernels that nbval
# starts would inherit it and stop producing the inline figures stored in the notebooks.)
matplotlib.use("Agg")

# The fixture notebooks under tests/ are data for the tests, not lecture notebooks to run with nbval.
collect_ignore_glob = ["**/*.ipynb"]


# ---------------------------------------------------------------- how the two workers share the tests
class FileOrGroupScheduling(LoadGroupScheduling):
    """A test's file goes to one worker, so its module fixtures start once (as --dist loadfile); tests marked
    xdist_group go together instead, wherever their files are."""

    def _split_scope(self, nodeid: str) -> str:
        group = super()._split_scope(nodeid)
        return group if group != nodeid else nodeid.split("::", 1)[0]


@pytest.hookimpl(optionalhook=True)  # xdist's hook: absent under -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    """--dist loadgroup schedules with FileOrGroupScheduling (README's test command uses it)."""
    return FileOrGroupScheduling(config, log) if config.getvalue("dist") == "loadgroup" else None


@pytest.hookimpl(tryfirst=True)  # before xdist reads the marks
def pytest_collection_modifyitems(items):
    """The files of the class-server tests run on one worker, one after another: every hub shares the course's
    grader account, so hubs start one at a time on the machine (tests/autograder/hub/conftest.py), and a second
    worker would wait for the first worker's hub to end."""
    files = {item.path for item in items if "class_server" in item.fixturenames}
    for item in items:
        if item.path in files:
            item.add_marker(pytest.mark.xdist_group("class_server"))


# ---------------------------------------------------------------- a real PostgreSQL server (tests/postgres_server.py)
_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres():
    """A throw-away PostgreSQL server for the test session (a PostgresServer); the tests that use it skip,
    saying what to install, where PostgreSQL is not installed. Stopped and removed at the end of the session."""
    try:
        server = PostgresServer()
    except Unavailable as missing:
        pytest.skip(str(missing))
    yield server
    server.close()


@pytest.fixture
def postgres_url(postgres):
    """postgresql://… of a fresh, empty database on the session's server, dropped after the test."""
    name = f"test_{next(_databases)}"
    yield postgres.create_database(name)
    postgres.drop_database(name)
