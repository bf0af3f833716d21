"""The course's secret: what the hidden cases are drawn from, known to the grader and nobody else.

The edition ships the code that draws the hidden cases (helpers/grading), so a seed any student can compute
would let a table of precomputed answers pass. The seed is therefore keyed: a random secret made once per
course folder (``<course>/.course-grader-secret``, readable by its owner only, never in the repository,
the edition or the exchange), and from it one key per assignment. Every student of the course meets the
same cases (a hidden case that a wrong answer happens to pass lets it pass for everyone, not for a few),
and a regrade draws them again.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from autograder.course import trust
from autograder.course.context import CourseError

SECRET_FILE = ".course-grader-secret"
SECRET_BYTES = 32


class SecretUnreadable(CourseError):
    """The course's secret file exists but is not one this tool made (wrong size, or others may read it)."""


def course_secret(course_root: Path) -> bytes:
    """The course's secret, made on first use (0600, owned by whoever runs the grader); as root, only a secret
    no other account can have chosen (autograder/course/trust.py)."""
    path = Path(course_root) / SECRET_FILE
    trust.require_trusted(path.parent, "과정 폴더")
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return _read(path)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(secrets.token_bytes(SECRET_BYTES))
    return _read(path)


def _read(path: Path) -> bytes:
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        if trust.running_as_root() and info.st_uid != 0:
            raise SecretUnreadable(f"{path}: root가 아닌 계정(uid {info.st_uid})의 파일이라 그 계정이 "
                                   "골랐을 수 있습니다 (그러면 숨은 입력을 미리 압니다). root로 채점할 때는 "
                                   "root의 비밀만 씁니다: 새로 만들려면 지우고, 그대로 쓰려면 "
                                   f"`chown root:root {path}` 하세요")
        if info.st_mode & 0o077:
            raise SecretUnreadable(f"{path}: other accounts may read or write it (mode {oct(info.st_mode & 0o777)}); "
                                   "run `chmod 600` on it")
        value = handle.read(SECRET_BYTES + 1)
    if len(value) != SECRET_BYTES:
        raise SecretUnreadable(f"{path}: not a course-grader secret (not {SECRET_BYTES} bytes); "
                               "delete it to make a new one "
                               "(hidden cases of later regrades will then differ)")
    return value


def assignment_key(secret: bytes, assignment: str) -> bytes:
    """The key an assignment's hidden cases are drawn from: the same for every student of the course."""
    return hmac.new(secret, assignment.encode("utf-8"), hashlib.sha256).digest()

