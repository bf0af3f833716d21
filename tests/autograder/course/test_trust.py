"""autograder/course/trust.py: run as root, course-grader executes a course's nbgrader_config.py and trusts its
secret, source/ and SQLite gradebook folder only when no other account can change them (nor any folder above
them); otherwise it stops with a Korean line naming the path, its owner and mode and the command that fixes it,
before the configuration runs. Run as another account, nothing is checked."""

from __future__ import annotations

import os
import pwd
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from other_account import python_environment, run_as

from autograder.course import trust
from autograder.course.context import CourseContext
from autograder.course.secret import SECRET_FILE, SecretUnreadable, course_secret

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the checks apply to root; these tests chown as root")

OTHER = 61_234  # a uid with no account: the grader account as root sees it


def _unused(uid: int) -> int:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return uid
    raise AssertionError(f"uid {uid} has an account here; pick another")


@pytest.fixture
def course(tmp_path) -> Path:
    """A course whose nbgrader_config.py leaves a mark when it runs."""
    root = tmp_path / "course"
    root.mkdir()
    (root / "nbgrader_config.py").write_text(
        "c = get_config()  # noqa: F821\n"
        "c.CourseDirectory.course_id = 'trusty'\n"
        f"open({str(tmp_path / 'ran')!r}, 'w').write('the configuration ran')\n", encoding="utf-8")
    return root


def _refused(course: Path, *needles: str) -> None:
    with pytest.raises(trust.Untrusted) as refusal:
        CourseContext(course)
    message = str(refusal.value)
    for needle in needles:
        assert needle in message, message
    assert not (course.parent / "ran").exists(), "the configuration ran before the refusal"


def test_root_loads_a_configuration_only_root_can_write(course):
    assert CourseContext(course).course_id == "trusty"
    assert (course.parent / "ran").exists()


def test_a_configuration_owned_by_another_account_is_refused_before_it_runs(course):
    config = course / "nbgrader_config.py"
    os.chown(config, _unused(OTHER), OTHER)
    _refused(course, str(config), f"주인이 {OTHER}", f"chown root:root {config}")


def test_a_configuration_group_or_others_may_write_is_refused(course):
    config = course / "nbgrader_config.py"
    for mode in (0o664, 0o646):
        config.chmod(mode)
        _refused(course, str(config), f"chmod go-w {config}")


def test_a_course_folder_another_account_can_write_is_refused(course):
    os.chown(course, _unused(OTHER), OTHER)  # it could swap nbgrader_config.py for its own
    _refused(course, f"{course}의", "주인이 61234", f"chown root:root {course}")


def test_a_folder_above_the_course_that_others_can_write_is_refused(course):
    course.parent.chmod(0o777)  # no sticky bit: anyone may rename course/ and put their own in its place
    _refused(course, str(course.parent), f"chmod go-w {course.parent}")


def test_a_root_folder_with_the_sticky_bit_above_the_course_is_accepted(course):
    course.parent.chmod(0o1777)  # as /tmp: others may add entries but not rename or remove root's
    assert CourseContext(course).course_id == "trusty"


def test_a_symlinked_configuration_is_refused(course, tmp_path):
    elsewhere = tmp_path / "elsewhere.py"
    (course / "nbgrader_config.py").rename(elsewhere)
    (course / "nbgrader_config.py").symlink_to(elsewhere)
    _refused(course, str(course / "nbgrader_config.py"), "심볼릭 링크")


def test_a_secret_another_account_could_have_chosen_is_refused(course):
    secret = course / SECRET_FILE
    secret.write_bytes(bytes(32))
    secret.chmod(0o600)
    os.chown(secret, _unused(OTHER), OTHER)
    with pytest.raises(SecretUnreadable, match="chown root:root"):
        course_secret(course)


def test_an_sqlite_gradebook_in_a_folder_another_account_can_write_is_refused(course):
    books = course / "gradebook"
    books.mkdir()
    os.chown(books, _unused(OTHER), OTHER)
    with (course / "nbgrader_config.py").open("a", encoding="utf-8") as config:
        config.write(f"c.CourseDirectory.db_url = 'sqlite:///{books / 'gradebook.db'}'\n")
    with pytest.raises(trust.Untrusted) as refusal:
        CourseContext(course)
    assert str(books) in str(refusal.value) and "PostgreSQL" in str(refusal.value)
    assert not (books / "gradebook.db").exists()


def test_a_source_file_another_account_owns_is_refused(course):
    assignment = course / "source" / "ch01"
    assignment.mkdir(parents=True)
    notebook = assignment / "ch01.ipynb"
    notebook.write_text("{}", encoding="utf-8")
    trust.require_trusted_tree(assignment, "과제 원본")
    os.chown(notebook, _unused(OTHER), OTHER)
    with pytest.raises(trust.Untrusted, match=str(notebook)):
        trust.require_trusted_tree(assignment, "과제 원본")


def test_an_account_other_than_root_loads_its_own_course_unchecked():
    """An instructor grading their own folder as themselves: the folder is theirs, and nothing changes."""
    outer = Path(tempfile.mkdtemp(prefix="trust-"))  # under /tmp, reachable by the other uid
    try:
        outer.chmod(0o755)
        course = outer / "course"
        course.mkdir()
        (course / "nbgrader_config.py").write_text("c = get_config()  # noqa: F821\n"
                                                   "c.CourseDirectory.course_id = 'mine'\n", encoding="utf-8")
        (course / "nbgrader_config.py").chmod(0o664)  # group-writable: refused as root, theirs otherwise
        shutil.chown(course, _unused(OTHER), OTHER)
        shutil.chown(course / "nbgrader_config.py", OTHER, OTHER)
        code = ("import sys; from autograder.course.context import CourseContext\n"
                "print(CourseContext(sys.argv[1]).course_id)")
        done = run_as(OTHER, OTHER, [sys.executable, "-c", code, str(course)], capture_output=True, text=True,
                      cwd=course, env=python_environment(course))
        assert done.returncode == 0, done.stderr[-2000:]
        assert done.stdout.strip() == "mine"
        with pytest.raises(trust.Untrusted):  # the same folder, as root
            CourseContext(course)
    finally:
        shutil.rmtree(outer)
