"""autograder.grading.unsynced: a worker's scratch gradebook is written without syncing, the real gradebook, opened in
the same process, keeps SQLite's full sync and its journal on disk."""

from __future__ import annotations

from sqlalchemy import create_engine, text

from autograder.grading.unsynced import unsynced

FULL, OFF = 2, 0  # PRAGMA synchronous


def _settings(db) -> tuple[int, str]:
    """How a connection made as nbgrader's Gradebook makes its own (an engine of the file's URL) writes `db`."""
    engine = create_engine(f"sqlite:///{db}", echo=False, future=True)
    try:
        with engine.connect() as connection:
            synchronous = connection.execute(text("PRAGMA synchronous")).scalar()
            journal = connection.execute(text("PRAGMA journal_mode")).scalar()
    finally:
        engine.dispose()
    return synchronous, journal


def test_a_scratch_gradebook_is_written_unsynced_with_its_journal_in_memory(tmp_path):
    scratch = tmp_path / "scratch" / "gradebook.db"
    scratch.parent.mkdir()
    unsynced(scratch)
    assert _settings(scratch) == (OFF, "memory")


def test_the_real_gradebook_keeps_full_sync_and_its_journal_on_disk_in_a_process_with_a_scratch_one(tmp_path):
    unsynced(tmp_path / "gradebook-scratch.db")
    real = tmp_path / "gradebook.db"
    assert _settings(real) == (FULL, "delete")
