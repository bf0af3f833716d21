"""`release`: generate the student versions in release/ from source/ with nbgrader's generate_assignment."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from autograder.course.context import CourseContext, CourseError
from autograder.course.gradebook import create_empty, sync_assignment


class ReleaseError(CourseError):
    """nbgrader could not generate a student version (Korean message)."""


def generate_release(context: CourseContext, assignments: list[str] | None = None, *,
                     output: Path | None = None) -> list[Path]:
    """Write release/<id>/ for each assignment (default: every one in source/), into `output`
    instead of the course's release folder when given. Returns the folders written.

    Uses a throw-away gradebook, so releasing never touches an instructor's gradebook.
    """
    output = Path(output) if output is not None else context.folder("release")
    assignments = list(assignments or context.assignments())
    if not assignments:
        raise ReleaseError(f"source 폴더에 과제가 없습니다: {context.folder('source')}")
    for assignment in assignments:
        if not context.source_notebook(assignment).is_file():
            raise ReleaseError(f"과제 {assignment}의 원본 노트북이 없습니다: {context.source_notebook(assignment)}")
    written = []
    with tempfile.TemporaryDirectory(prefix="release-") as scratch:
        scratch_book = f"sqlite:///{Path(scratch) / 'gradebook.db'}"
        create_empty(scratch_book)
        for assignment in assignments:
            sync_assignment(context, assignment, db_url=scratch_book, release_to=Path(scratch) / "release",
                            what=f"nbgrader가 {assignment}의 학생용 버전을 만들지")
            target = output / assignment
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(Path(scratch) / "release" / assignment, target)
            written.append(target)
    return written
