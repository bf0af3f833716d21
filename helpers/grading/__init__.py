"""The checks the hidden and visible tests call, one per exercise function.

    import importlib, helpers.grading
    importlib.reload(helpers.grading).check_dot_scores(dot_scores)  # hidden test: many random inputs
    from helpers.grading import check_example
    check_example("dot_scores", dot_scores)  # visible test: the lecture's own example(s)

A check passes silently or raises :class:`helpers.grading.verdict.CheckFailed` (an
AssertionError) whose message starts with ``[진단: <exercise>/<code>]``. Each call grades with
a fresh copy of this package loaded from disk, which keeps a student's Validate honest with
itself; it cannot make a kernel the student controls trustworthy. The score of record comes from
course-grader, which runs the hidden check outside the kernel (:func:`helpers.grading.core.check_trusted`
with a course's secret key, through ``autograder.grading.checker``) and never runs this line there.

``check_<name>`` exists for every exercise of every chapter module (``helpers/grading/chNN.py``,
see :mod:`helpers.chapters`); a new chapter needs no line here.

Where each module runs. Only in the student's kernel: :mod:`~helpers.grading.agent` (the kernel's side of the
checker's channel). Only in the grading worker, outside this package: ``autograder.grading.checker`` and
``autograder.course.authorship``. On both sides of that channel: :mod:`~helpers.grading.wire` and
:mod:`~helpers.grading.sealing` (its data), and the judge (``core``, ``spec``, ``student``, ``compare``,
``blame``, ``marking``, ``probes``, ``hard``, ``padding``, the chapters' ``chNN``, with ``guard``, ``verdict``,
``draw``, ``rules`` and ``trusted``), which runs in the kernel for Validate and stock nbgrader and in the worker for
course-grader; a grading kernel gets only ``autograder.sandbox.kernel_package.KERNEL_SIDE`` of it.
tests/test_import_direction.py holds each side to importing nothing of the other.
"""

from __future__ import annotations

from helpers import fresh_import
from helpers.grading.trusted import replaced_builtin
from helpers.grading.verdict import CheckFailed
from helpers.korean import Particle, attach


def _refuse_replaced_builtins(name: str) -> None:
    replaced = replaced_builtin()
    if replaced is not None:
        raise CheckFailed(name, "tampered", f"내장 함수 {attach(replaced, Particle.SUBJECT)} 학생 셀에서 바뀌어 "
                                            "채점할 수 없습니다. "
                                            "그런 코드를 지우고 커널을 다시 시작한 뒤 실행하세요.")


def check(name: str, function) -> None:
    """Hidden test of the exercise `name`: random inputs against the reference."""
    _refuse_replaced_builtins(name)
    fresh_import.judge().check(name, function)


def check_example(name: str, function) -> None:
    """Visible test of the exercise `name`: the lecture's own example, with the same diagnosis."""
    _refuse_replaced_builtins(name)
    fresh_import.judge().check_example(name, function)


def exercise_names() -> tuple[str, ...]:
    """Every exercise of every chapter, in chapter order."""
    from helpers.grading.core import exercises

    return tuple(exercises())


def hidden_cases(name: str) -> list:
    """The hidden cases of the exercise `name`, exactly as its check draws them."""
    from helpers.grading.core import hidden_cases as draw

    return draw(name)


def __getattr__(attribute: str):
    """check_<name>: the hidden test of the exercise <name>. Nothing is imported here, before the
    builtins are checked; an unknown <name> is refused when the check is called."""
    name = attribute.removeprefix("check_")
    if name == attribute or not name.isidentifier():
        raise AttributeError(f"module 'helpers.grading' has no attribute {attribute!r}")

    def check_exercise(function) -> None:
        check(name, function)

    check_exercise.__name__ = check_exercise.__qualname__ = attribute
    check_exercise.__doc__ = f"Hidden test of `{name}`: random inputs against helpers.reference.{name}."
    return check_exercise


# importlib.reload re-runs this file in the old namespace: a check_<name> that a student cell set on
# this module would survive it and shadow __getattr__. The hidden tests reload first, so drop them here.
for _planted in [name for name in globals() if name.startswith("check_") and name != "check_example"]:
    del globals()[_planted]
