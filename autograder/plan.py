"""What a `grade` run has to do: which submissions changed since they were merged, and how long each may take.

A submission's fingerprint is the digest of every file of its folder plus the graded part of the
source notebook. A student whose fingerprint is already merged (and whose autograded notebook
exists) is unchanged and not graded again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from autograder.context import CourseContext
from autograder.notebook import nbgrader_metadata, read_notebook


@dataclass
class Plan:
    """The submissions of one run: those to grade (student, fingerprint) and those left as they are."""

    todo: list[tuple[str, str]] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # students asked for by name who submitted nothing


def source_digest(context: CourseContext, assignment: str) -> str:
    """Digest of what grading depends on in the source: code cells and nbgrader metadata."""
    cells = read_notebook(context.source_notebook(assignment)).get("cells", [])
    graded = [(cell.get("cell_type"), cell.get("source"), (cell.get("metadata") or {}).get("nbgrader"))
              for cell in cells if cell.get("cell_type") == "code" or nbgrader_metadata(cell)]
    return hashlib.sha256(json.dumps(graded, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def fingerprint(folder: Path, digest: str) -> str:
    """Digest of every file of a submission folder, and of the graded source."""
    hasher = hashlib.sha256(digest.encode())
    if folder.is_dir():
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and ".ipynb_checkpoints" not in p.parts):
            hasher.update(str(path.relative_to(folder)).encode() + b"\0")
            hasher.update(hashlib.sha256(path.read_bytes()).digest())
    return hasher.hexdigest()


def plan_run(context: CourseContext, assignment: str, merged: dict[str, str], *,
             requested: list[str] | None = None, force: bool = False) -> Plan:
    """Sort the submitted students (or the `requested` ones) into to-grade and unchanged."""
    plan = Plan()
    students = context.submitted_students(assignment)
    if requested:
        plan.missing = [student for student in requested if student not in students]
        students = [student for student in students if student in set(requested)]
    digest = source_digest(context, assignment)
    for student in students:
        mark = fingerprint(context.submission_dir(student, assignment), digest)
        graded = context.autograded_dir(student, assignment) / f"{assignment}.ipynb"
        if not force and merged.get(student) == mark and graded.is_file():
            plan.unchanged.append(student)
        else:
            plan.todo.append((student, mark))
    return plan


def submission_time_limit(context: CourseContext, assignment: str, override: float | None = None) -> float:
    """Seconds one submission may take in all: `override`, or the cell limit × (code cells + 2) + 120."""
    if override:
        return float(override)
    cell_timeout = context.config.Execute.get("timeout", 30) or 3600
    release = context.release_notebook(assignment)
    notebook = read_notebook(release if release.is_file() else context.source_notebook(assignment))
    cells = sum(cell.get("cell_type") == "code" for cell in notebook["cells"])
    return float(cell_timeout) * (cells + 2) + 120
