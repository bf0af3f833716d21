"""autograder/course/secret.py: the course's secret is made once, readable by its owner only, and refused (saying
what to do) when it is not one the grader made; each assignment draws its hidden cases from a key of its own."""

from __future__ import annotations

import os
import stat

import pytest

from autograder.course.context import CourseError
from autograder.course.secret import SECRET_BYTES, SECRET_FILE, SecretUnreadable, assignment_key, course_secret


def test_the_first_use_makes_an_owner_only_file_of_32_bytes(tmp_path):
    secret = course_secret(tmp_path)
    path = tmp_path / SECRET_FILE
    assert len(secret) == SECRET_BYTES == 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_bytes() == secret


def test_later_uses_return_the_same_bytes_and_leave_the_file_alone(tmp_path):
    first = course_secret(tmp_path)
    modified = (tmp_path / SECRET_FILE).stat().st_mtime_ns
    assert course_secret(tmp_path) == first
    assert course_secret(str(tmp_path)) == first
    assert (tmp_path / SECRET_FILE).stat().st_mtime_ns == modified


def test_two_courses_get_different_secrets(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert course_secret(tmp_path / "a") != course_secret(tmp_path / "b")


def test_a_secret_the_owner_made_by_hand_is_read_as_it_is(tmp_path):
    path = tmp_path / SECRET_FILE
    path.write_bytes(bytes(range(32)))
    path.chmod(0o600)
    assert course_secret(tmp_path) == bytes(range(32))


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604, 0o660, 0o606], ids=oct)
def test_a_secret_others_may_read_or_write_is_refused_with_the_chmod_that_fixes_it(tmp_path, mode):
    secret = course_secret(tmp_path)
    (tmp_path / SECRET_FILE).chmod(mode)
    with pytest.raises(SecretUnreadable, match="chmod 600"):
        course_secret(tmp_path)
    (tmp_path / SECRET_FILE).chmod(0o600)
    assert course_secret(tmp_path) == secret  # fixed as the message says: the same secret


@pytest.mark.parametrize("size", [0, 16, 31, 33, 64])
def test_a_secret_of_the_wrong_size_is_refused_saying_to_delete_it(tmp_path, size):
    path = tmp_path / SECRET_FILE
    path.write_bytes(b"k" * size)
    path.chmod(0o600)
    with pytest.raises(SecretUnreadable, match="delete it") as refused:
        course_secret(tmp_path)
    assert f"not {SECRET_BYTES} bytes" in str(refused.value)
    assert path.read_bytes() == b"k" * size  # refused, not replaced: the cases of earlier grades stay reproducible


def test_a_refused_secret_is_a_course_error_the_commands_report():
    assert issubclass(SecretUnreadable, CourseError)


def test_a_symlink_in_place_of_the_secret_is_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(bytes(32))
    elsewhere.chmod(0o600)
    course = tmp_path / "course"
    course.mkdir()
    os.symlink(elsewhere, course / SECRET_FILE)
    with pytest.raises(OSError):
        course_secret(course)


def test_each_assignment_gets_its_own_key():
    secret = bytes(32)
    keys = {assignment_key(secret, name) for name in ("ch01_handmade_qkv", "ch02_scaling", "ch03_padding_mask")}
    assert len(keys) == 3


def test_each_secret_gives_its_own_keys():
    assert assignment_key(bytes(32), "ch01_handmade_qkv") != assignment_key(b"\x01" + bytes(31), "ch01_handmade_qkv")


def test_an_assignment_key_is_the_same_every_time_and_32_bytes():
    secret = bytes(range(32))
    assert assignment_key(secret, "ch01_handmade_qkv") == assignment_key(bytes(range(32)), "ch01_handmade_qkv")
    assert len(assignment_key(secret, "ch01_handmade_qkv")) == 32


def test_an_assignment_key_does_not_reveal_the_secret():
    secret = bytes(range(32))
    assert secret not in assignment_key(secret, "ch01_handmade_qkv")
    assert assignment_key(secret, "") != secret
