"""pytest configuration shared by the whole suite, and the fixtures of a real PostgreSQL server."""

import itertools
import os

import matplotlib
import pytest
from postgres_server import PostgresServer, Unavailable
from worker_scheduling import FileOrGroupScheduling, worker_threads

from autograder.grading.threads import limit_threads
from autograder.sandbox.cgroups import usable_cpus

# Figures drawn by the tests themselves need no screen. (Not MPLBACKEND: the kernels that nbval
# starts would inherit it and stop producing the inline figures stored in the notebooks.)
matplotlib.use("Agg")

# The fixture notebooks under tests/ are data for the tests, not lecture notebooks to run with nbval.
collect_ignore_glob = ["**/*.ipynb"]


def pytest_configure(config):
    """An xdist worker computes with its share of the CPUs (worker_threads), unless OMP_NUM_THREADS says."""
    threads = worker_threads(os.environ, usable_cpus())
    if threads is not None:
        limit_threads(threads)


@pytest.hookimpl(optionalhook=True)  # xdist's hook: absent under -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    """--dist loadfile schedules with FileOrGroupScheduling."""
    return FileOrGroupScheduling(config, log) if config.getvalue("dist") == "loadfile" else None


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
