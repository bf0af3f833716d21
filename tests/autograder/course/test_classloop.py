"""autograder/course/classloop.py: a class-wide command goes on past a student whose step fails, lists every such
student with the reason, shows a bug's traceback once, and stops only when nothing later could be done."""

from __future__ import annotations

import io

import pytest

from autograder.course.classloop import ClassLoop, failure_table
from autograder.course.context import CourseError, GradebookUnavailable


def _step(student: str) -> str:
    if student == "s2":
        raise OSError(28, "No space left on device")
    if student in {"s3", "s5"}:
        raise KeyError(f"a bug met at {student}")
    if student == "s4":
        raise CourseError("s4의 노트북이 망가졌습니다")
    return f"{student}.html"


def test_one_students_failure_stays_that_students_and_the_rest_is_done():
    stream = io.StringIO()
    loop = ClassLoop(stream)
    done = loop.each(["s1", "s2", "s3", "s4", "s5", "s6"], _step)
    assert done == {"s1": "s1.html", "s6": "s6.html"}
    reasons = {failure.student: failure.reason for failure in loop.failures}
    assert list(reasons) == ["s2", "s3", "s4", "s5"]
    assert "No space left on device" in reasons["s2"] and reasons["s4"] == "s4의 노트북이 망가졌습니다"
    assert reasons["s3"].startswith("예상하지 못한 오류 KeyError") and "Traceback" in reasons["s5"]
    assert stream.getvalue().count("Traceback (most recent call last)") == 1  # shown once, for the instructor
    table = failure_table(loop.failures)
    assert table.startswith("하지 못한 학생 4명") and all(student in table for student in reasons)


@pytest.mark.parametrize("stopping", [GradebookUnavailable("성적부 서버가 없습니다"), KeyboardInterrupt()])
def test_a_gradebook_gone_or_ctrl_c_stops_the_loop(stopping):
    def step(student: str) -> str:
        if student == "s2":
            raise stopping
        return student

    with pytest.raises(type(stopping)):
        ClassLoop(io.StringIO()).each(["s1", "s2", "s3"], step)
    assert failure_table([]) == ""
