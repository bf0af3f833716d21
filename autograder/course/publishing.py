"""What both public builds refuse (the student edition, edition/build.py; the website, edition/site/build.py): a file
holding nbgrader's solution or hidden-test markers, and a target folder that is neither empty nor built before."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from autograder.course.context import CourseError
from autograder.course.notebook import BEGIN_HIDDEN, BEGIN_SOLUTION

MARKERS = (BEGIN_SOLUTION, BEGIN_HIDDEN)  # a file holding either shows an answer or a hidden test


def refuse_marked(files: Mapping[str, str | bytes], not_made: str) -> None:
    """CourseError naming every file of `files` (path → content) that holds a marker; `not_made` opens the message
    ("학생판을 만들지 않았습니다")."""
    def marked(content: str | bytes) -> bool:
        return any((marker.encode() if isinstance(content, bytes) else marker) in content for marker in MARKERS)

    found = sorted(path for path, content in files.items() if marked(content))
    if found:
        raise CourseError(f"{not_made}: 정답이나 숨은 테스트 표시가 든 파일이 있습니다: {', '.join(found)}")


def refuse_foreign_folder(target: Path, built_before: bool, product: str) -> None:
    """CourseError unless `target` is missing, empty or (`built_before`) a `product` ("학생판") built there before."""
    if target.exists() and any(target.iterdir()) and not built_before:
        raise CourseError(f"{target}에 다른 파일이 있습니다: 비어 있는 폴더나 전에 만든 {product} 폴더를 고르세요.")
