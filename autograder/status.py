"""The status file of an assignment: the last outcome of every student that `grade` has seen.

``autograded/.autograder/<assignment>.json`` holds, per student, the fingerprint of the
submission last graded, its outcome ("graded" or "failed"), the Korean reason of a failure and
the review findings. `grade` writes it after each student; `report` and `export` only read it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from autograder.context import CourseContext


def status_path(context: CourseContext, assignment: str) -> Path:
    """Where the status file of `assignment` lives."""
    return context.state_dir / f"{assignment}.json"


def load_status(context: CourseContext, assignment: str) -> dict[str, dict]:
    """Student → last known entry ({} before the first run, or when the file is unreadable)."""
    try:
        return json.loads(status_path(context, assignment).read_text(encoding="utf-8")).get("students", {})
    except (OSError, ValueError):
        return {}


def save_status(context: CourseContext, assignment: str, students: dict[str, dict]) -> None:
    """Replace the status file atomically: a reader sees the old file or the new one, never half."""
    path = status_path(context, assignment)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".tmp{os.getpid()}")
    temporary.write_text(json.dumps({"assignment": assignment, "students": students}, ensure_ascii=False,
                                    indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)
