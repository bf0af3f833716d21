"""Going through a class one student at a time, where one student's failure stays that student's.

    loop = ClassLoop()
    pages = loop.each(students, make_page)        # student → what make_page returned, for those it worked for
    print(failure_table(loop.failures))           # every student it failed for, and why

An expected error (a CourseError, which says in Korean what to fix, or an OSError or ValueError of that student's
files) is that student's reason, in one line. Any other error is a bug of the tool: its traceback is printed once
(the first), for the instructor to report, and the student is listed like the others. The gradebook's server going
away (GradebookUnavailable) and Ctrl-C stop the loop: nothing later could be done either.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

from autograder.course.console import table
from autograder.course.context import CourseError, GradebookUnavailable

T = TypeVar("T")
EXPECTED = (CourseError, OSError, ValueError)


@dataclass(frozen=True)
class StudentFailure:
    """One student a class-wide command could not do, and why (one line)."""

    student: str
    reason: str


class ClassLoop:
    """Runs one step per student, keeps going past a student whose step fails, and remembers why it failed."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.failures: list[StudentFailure] = []
        self._traced = False

    def fail(self, student: str, reason: str) -> None:
        """Note `student` as not done, for `reason`."""
        self.failures.append(StudentFailure(student, reason))

    def each(self, students: Iterable[str], step: Callable[[str], T]) -> dict[str, T]:
        """student → step(student) for every student whose step finished; the others are in `failures`."""
        done = {}
        for student in students:
            try:
                done[student] = step(student)
            except GradebookUnavailable:
                raise
            except EXPECTED as error:
                self.fail(student, " ".join(str(error).split()) or type(error).__name__)
            except Exception as error:  # noqa: BLE001 - a bug of the tool: shown once, the class goes on
                self._show(error)
                self.fail(student, f"예상하지 못한 오류 {type(error).__name__}: {error} (위의 Traceback을 보고해 "
                                   "주세요)")
        return done

    def _show(self, error: Exception) -> None:
        if self._traced:
            return
        self._traced = True
        traceback.print_exception(error, file=self.stream)
        self.stream.flush()


def failure_table(failures: list[StudentFailure]) -> str:
    """The closing table of the students a command could not do ("" when there are none)."""
    if not failures:
        return ""
    return f"하지 못한 학생 {len(failures)}명:\n" + table(["학생", "이유"], [[f.student, f.reason] for f in failures])
