"""Generate the student versions in release/ from source/ with nbgrader's generate_assignment."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from autograder.course import ASSIGNMENTS, ROOT, nbgrader_api


class ReleaseError(RuntimeError):
    """nbgrader could not generate a student version."""


def generate_release(assignments=ASSIGNMENTS, *, root: Path = ROOT, output: Path | None = None) -> list[Path]:
    """Write release/<id>/ for each assignment (into `output` instead of root/release when given).

    Uses a throw-away gradebook, so releasing never touches an instructor's gradebook.db.
    Returns the folders written.
    """
    output = Path(output) if output is not None else root / "release"
    written = []
    with tempfile.TemporaryDirectory(prefix="release-") as scratch:
        api = nbgrader_api(root, **{
            "CourseDirectory.release_directory": str(Path(scratch) / "release"),
            "CourseDirectory.db_url": f"sqlite:///{Path(scratch) / 'gradebook.db'}",
        })
        for assignment in assignments:
            if not (root / "source" / assignment).is_dir():
                raise ReleaseError(f"no source assignment {assignment!r} under {root / 'source'}")
            result = api.generate_assignment(assignment, force=True, create=True)
            if not result["success"]:
                details = result.get("error") or result.get("log")
                raise ReleaseError(f"nbgrader could not generate {assignment}:\n{details}")
            target = output / assignment
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(Path(scratch) / "release" / assignment, target)
            written.append(target)
    return written
